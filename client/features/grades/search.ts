/** The marks screen's place in its address: class, subject and assessment. */
export interface MarksSearch {
  classId?: string;
  subjectId?: string;
  assessmentId?: string;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : undefined;

export function validateMarksSearch(search: Record<string, unknown>): MarksSearch {
  return { classId: text(search.classId), subjectId: text(search.subjectId), assessmentId: text(search.assessmentId) };
}
