import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Body, Data, Row } from '~/lib/answers';
import { API_BASE, ApiError, api, networkFailedMessage, type QueryValue, toApiError } from '~/lib/api';
import { type CallJson, type CallQuery, fileRequest } from '~/lib/calls';
import { schoolToken } from '~/lib/storage';
import type { listClassesAnswer } from '../../../worker/modules/classes/answers';
import type {
  assignmentsAnswer,
  listCategoriesAnswer,
  listDuesAnswer,
  listStructuresAnswer,
  receiptAnswer,
  studentFeesAnswer,
} from '../../../worker/modules/fees/answers';
import type { schoolInfoAnswer } from '../../../worker/modules/settings/answers';
import type { studentRosterAnswer } from '../../../worker/modules/students/answers';

export const FREQUENCIES = ['one-time', 'monthly', 'quarterly', 'termly', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** Each frequency's name, shown through `frequencyName` (format.ts) in the chosen language. */
export const FREQUENCY_LABEL: Record<Frequency, MessageDescriptor> = {
  'one-time': msg`One-time`,
  monthly: msg`Monthly`,
  quarterly: msg`Quarterly`,
  termly: msg`Termly`,
  annual: msg`Annual`,
};

export const PAYMENT_METHODS = ['cash', 'card', 'bank-transfer', 'upi', 'cheque', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Each payment method's name, shown through `methodName` (format.ts) in the chosen language. */
export const METHOD_LABEL: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash`,
  card: msg`Card`,
  'bank-transfer': msg`Bank transfer`,
  upi: msg`UPI`,
  cheque: msg`Cheque`,
  online: msg`Online`,
};

export const DUE_STATUSES = ['due', 'partial', 'overdue'] as const;
export type DueStatus = (typeof DUE_STATUSES)[number];

/** A class as the fees answers name it. */
export type ClassRef = FeeStructure['classId'];

export type FeeCategory = Row<typeof listCategoriesAnswer>;

export type FeeStructure = Row<typeof listStructuresAnswer>;

export type Due = Row<typeof listDuesAnswer>;

/** One student's fees (GET /api/fees/students/:id): every fee of the class, instalment by instalment. */
export type StudentFees = Data<typeof studentFeesAnswer>;

export type InstalmentStatus = StudentFees['fees'][number]['instalments'][number]['status'];

export type Receipt = Data<typeof receiptAnswer>;

export type Assignments = Data<typeof assignmentsAnswer>;

/** A class for the pickers: what `/api/classes` answers, as far as a picker reads it. */
export type ClassOption = Pick<Row<typeof listClassesAnswer>, '_id' | 'name' | 'section'>;

export type StudentOption = Pick<
  Row<typeof studentRosterAnswer>,
  '_id' | 'name' | 'rollNumber' | 'admissionNumber' | 'classId'
>;

export type SchoolBasics = Data<typeof schoolInfoAnswer>;

export interface Page<T> {
  rows: T[];
  total: number;
}

/** A list's filters as its query takes them; the screens always send a page and its size. */
type Paged<Query> = Query & { page: number; limit: number };
export type DueFilters = Paged<CallQuery<'GET /fees/due'>>;
export type StructureFilters = Paged<CallQuery<'GET /fees/structures'>>;
export type ReceiptFilters = Paged<CallQuery<'GET /fees/receipts'>>;

/** What create and update send (one body for both). */
export type StructureBody = CallJson<'POST /fees/structures'> & CallJson<'PUT /fees/structures/:id'>;
export type CategoryBody = CallJson<'POST /fees/categories'> & CallJson<'PUT /fees/categories/:id'>;
export type PaymentBody = CallJson<'POST /fees/receipts'>;

export const feeKeys = {
  all: ['fees'] as const,
  categories: ['fees', 'categories'] as const,
  structures: (filters: StructureFilters) => ['fees', 'structures', filters] as const,
  dues: (filters: DueFilters) => ['fees', 'dues', filters] as const,
  studentFees: (studentId: string) => ['fees', 'student', studentId] as const,
  assignments: (structureId: string) => ['fees', 'assignments', structureId] as const,
  receipts: (filters: ReceiptFilters) => ['fees', 'receipts', filters] as const,
  classes: ['fees', 'class-options'] as const,
  students: (classId: string) => ['fees', 'student-options', classId] as const,
};

/** The school's currency and academic year (GET /api/settings/school-info, shared with Settings). */
export const schoolBasicsQuery = () =>
  queryOptions({
    queryKey: ['school-info'],
    queryFn: ({ signal }) => api.call('GET /settings/school-info', {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: feeKeys.categories,
    queryFn: ({ signal }) => api.call('GET /fees/categories', {}, { signal }),
  });

export const structuresQuery = (filters: StructureFilters) =>
  queryOptions({
    queryKey: feeKeys.structures(filters),
    queryFn: async ({ signal }): Promise<Page<FeeStructure>> => {
      const body = await api.callBody('GET /fees/structures', { query: filters }, { signal });
      return { rows: body.data, total: body.total };
    },
    placeholderData: keepPreviousData,
  });

export interface DuePage extends Page<Due> {
  /** The fee figures of the same filters as the list. */
  summary: Body<typeof listDuesAnswer>['summary'];
}

export const duesQuery = (filters: DueFilters) =>
  queryOptions({
    queryKey: feeKeys.dues(filters),
    queryFn: async ({ signal }): Promise<DuePage> => {
      const body = await api.callBody('GET /fees/due', { query: filters }, { signal });
      return { rows: body.data, total: body.total, summary: body.summary };
    },
    placeholderData: keepPreviousData,
  });

/** One student's fees, instalment by instalment, owed or not: the payment form and the student's fee view. */
export const studentFeesQuery = (studentId: string) =>
  queryOptions({
    queryKey: feeKeys.studentFees(studentId),
    queryFn: ({ signal }) => api.call('GET /fees/students/:id', { param: { id: studentId } }, { signal }),
    staleTime: 0,
  });

/** The students assigned to a fee. */
export const assignmentsQuery = (structureId: string) =>
  queryOptions({
    queryKey: feeKeys.assignments(structureId),
    queryFn: ({ signal }) =>
      api.call('GET /fees/structures/:id/assignments', { param: { id: structureId } }, { signal }),
    staleTime: 0,
  });

export const receiptsQuery = (filters: ReceiptFilters) =>
  queryOptions({
    queryKey: feeKeys.receipts(filters),
    queryFn: async ({ signal }): Promise<Page<Receipt>> => {
      const body = await api.callBody('GET /fees/receipts', { query: filters }, { signal });
      return { rows: body.data, total: body.total };
    },
    placeholderData: keepPreviousData,
  });

function byClassName(a: ClassOption, b: ClassOption) {
  return Number(a.name) - Number(b.name) || a.name.localeCompare(b.name) || a.section.localeCompare(b.section);
}

/** The school's classes for pickers (GET /api/classes). */
export const classOptionsQuery = () =>
  queryOptions({
    queryKey: feeKeys.classes,
    queryFn: async ({ signal }) => {
      const classes: ClassOption[] = await api.call('GET /classes', { query: { limit: 500 } }, { signal });
      return [...classes].sort(byClassName);
    },
    staleTime: 5 * 60_000,
  });

/** The active students of one class (GET /api/students?classId=…). */
export const studentOptionsQuery = (classId: string) =>
  queryOptions({
    queryKey: feeKeys.students(classId),
    queryFn: ({ signal }) =>
      api.call('GET /students', { query: { classId, status: 'active', limit: 1000 } }, { signal }),
    staleTime: 60_000,
  });

export function useFeesInvalidation() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: feeKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

export function useSaveCategory() {
  const invalidate = useFeesInvalidation();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CategoryBody }) =>
      id
        ? api.call('PUT /fees/categories/:id', { param: { id }, json: body })
        : api.call('POST /fees/categories', { json: body }),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useFeesInvalidation();
  return useMutation({
    mutationFn: (id: string) => api.call('DELETE /fees/categories/:id', { param: { id } }),
    onSuccess: invalidate,
  });
}

export function useSaveStructure() {
  const invalidate = useFeesInvalidation();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: StructureBody }) =>
      id
        ? api.call('PUT /fees/structures/:id', { param: { id }, json: body })
        : api.call('POST /fees/structures', { json: body }),
    onSuccess: invalidate,
  });
}

export function useDeleteStructure() {
  const invalidate = useFeesInvalidation();
  return useMutation({
    mutationFn: (id: string) => api.call('DELETE /fees/structures/:id', { param: { id } }),
    onSuccess: invalidate,
  });
}

/** PUT /api/fees/structures/:id/assignments: students assigned to a fee (or charged it) and unassigned. */
export function useSaveAssignments() {
  const invalidate = useFeesInvalidation();
  return useMutation({
    mutationFn: ({ structureId, add, remove }: { structureId: string; add: string[]; remove: string[] }) =>
      api.call('PUT /fees/structures/:id/assignments', { param: { id: structureId }, json: { add, remove } }),
    onSuccess: invalidate,
  });
}

/** POST /api/fees/receipts: one payment against one or more of a student's fees, under one receipt. */
export function useRecordPayment() {
  const invalidate = useFeesInvalidation();
  return useMutation({
    mutationFn: (body: PaymentBody) => api.call('POST /fees/receipts', { json: body }),
    onSuccess: invalidate,
  });
}

function filenameOf(response: Response, fallback: string) {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return disposition.match(/filename="?([^";]+)"?/)?.[1] ?? fallback;
}

/**
 * Files (PDF, CSV) need the bearer token, so a plain link cannot fetch them: fetch with the token, then hand
 * the browser the bytes as a download.
 */
async function downloadFile(path: string, query: Record<string, QueryValue>, fallbackName: string) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  const token = schoolToken.get();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${search ? `?${search}` : ''}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(networkFailedMessage(), 0);
  }
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw toApiError(response.status, response.statusText, body);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filenameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

export function downloadReceipt(receipt: Pick<Receipt, '_id' | 'receiptNumber'>) {
  const { path } = fileRequest('GET /fees/receipts/:id/download', { param: { id: receipt._id } });
  return downloadFile(path, {}, `receipt-${receipt.receiptNumber}.pdf`);
}

export function exportDues(filters: Omit<DueFilters, 'page' | 'limit'>) {
  const { path, query } = fileRequest('GET /fees/due/export', { query: filters });
  return downloadFile(path, { ...query }, 'fees-due.csv');
}
