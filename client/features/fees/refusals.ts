import { ApiError } from '~/lib/api';
import type { ErrorCode } from '../../../worker/lib/error-codes';
import type { StructureField } from './schemas';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : undefined);

/** Refusals of a payment that mean the student's fees changed since the form read them (paid, unassigned, moved). */
const FEES_CHANGED: ErrorCode[] = ['FEE_OVERPAID', 'FEE_NOT_OWED', 'FEE_NOT_IN_CLASS'];
export const feesChanged = (error: unknown) => FEES_CHANGED.includes(codeOf(error) as ErrorCode);

/** The field of the fee structure form a refusal is about, so the form shows it there. */
const FIELD_OF: Partial<Record<ErrorCode, StructureField>> = {
  FEE_PAID: 'classId',
  INSTALMENT_PAID: 'dueDate',
  AMOUNT_BELOW_PAID: 'amount',
};
export const refusedField = (error: unknown) => FIELD_OF[codeOf(error) as ErrorCode];

/** An unassignment refused because the student has paid: they stay assigned, as the saved list says. */
export const staysAssigned = (error: unknown) => codeOf(error) === 'FEE_PAID';
