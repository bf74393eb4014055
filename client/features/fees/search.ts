export const FEES_TABS = ['dues', 'structures', 'payments', 'receipts'] as const;
export type FeesTab = (typeof FEES_TABS)[number];

export interface FeesSearch {
  tab?: FeesTab;
  /** Prefills the payment form (from a due's 'Take payment'). */
  classId?: string;
  studentId?: string;
  /** The one fee ticked, when the payment starts from a due's row, and which of its instalments. */
  structureId?: string;
  instalment?: number;
}

const id = (value: unknown) => (typeof value === 'string' && /^[\w-]{1,64}$/.test(value) ? value : undefined);

/** The fees route's search: the open tab and, for a payment, the class and student already chosen. */
export function validateFeesSearch(search: Record<string, unknown>): FeesSearch {
  const tab = FEES_TABS.find((value) => value === search.tab);
  const result: FeesSearch = {};
  if (tab) result.tab = tab;
  const classId = id(search.classId);
  const studentId = id(search.studentId);
  if (classId) result.classId = classId;
  if (studentId) result.studentId = studentId;
  const structureId = id(search.structureId);
  if (structureId && studentId) result.structureId = structureId;
  const instalment = Number(search.instalment);
  if (result.structureId && Number.isInteger(instalment) && instalment >= 1 && instalment <= 12)
    result.instalment = instalment;
  return result;
}
