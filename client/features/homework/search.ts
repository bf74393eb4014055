/** The homework screen's place in its address: class, subject, the page of the list and the homework open. */
export interface HomeworkSearch {
  classId?: string;
  subjectId?: string;
  homeworkId?: string;
  page?: number;
}

// The router reads `?homeworkId=42` as a number: keys may be numbers.
const text = (value: unknown) => {
  const given = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  return typeof given === 'string' && given.length > 0 && given.length <= 64 ? given : undefined;
};

export function validateHomeworkSearch(search: Record<string, unknown>): HomeworkSearch {
  const page = Number(search.page);
  return {
    classId: text(search.classId),
    subjectId: text(search.subjectId),
    homeworkId: text(search.homeworkId),
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : undefined,
  };
}
