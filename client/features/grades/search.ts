/** The marks screen's place in its address: class, subject and assessment. */
export interface MarksSearch {
  classId?: string;
  subjectId?: string;
  assessmentId?: string;
}

// The router reads `?assessmentId=42` as a number: an assessment's key is one.
const text = (value: unknown) => {
  const given = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  return typeof given === 'string' && given.length > 0 && given.length <= 64 ? given : undefined;
};

export function validateMarksSearch(search: Record<string, unknown>): MarksSearch {
  return { classId: text(search.classId), subjectId: text(search.subjectId), assessmentId: text(search.assessmentId) };
}
