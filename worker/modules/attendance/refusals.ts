import type { ErrorCode } from '../../lib/error-codes';
import { FUTURE_DATE, SUBJECT_NOT_IN_CLASS } from './schemas';

/** The codes of a mark's refusals, which the service throws with only their status's code (`contract` refusals). */
export const markRefusals = {
  [FUTURE_DATE]: 'FUTURE_DATE',
  [SUBJECT_NOT_IN_CLASS]: 'SUBJECT_NOT_IN_CLASS',
} as const satisfies Record<string, ErrorCode>;
