import type { ClassRef } from './answers';

/**
 * List rows name their class by id (the student list stays small); a screen that holds the classes gives each
 * row its class back as `{ _id, name, section }`. A class the screen does not hold counts as none.
 */
export function withClassRefs<Row extends { classId: string | null }>(
  rows: Row[],
  classes: readonly ClassRef[] | undefined,
): (Omit<Row, 'classId'> & { classId: ClassRef | null })[] {
  const byId = new Map((classes ?? []).map((c) => [c._id, { _id: c._id, name: c.name, section: c.section }]));
  return rows.map((row) => ({ ...row, classId: row.classId ? (byId.get(row.classId) ?? null) : null }));
}
