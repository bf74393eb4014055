import { z } from 'zod';
import { success } from '../../lib/answer-shapes';

/** A large PDF or workbook being made in the background: its state, its progress (parts done of parts) and expiry. */
export const reportJob = z.strictObject({
  _id: z.string(),
  name: z.string(),
  format: z.enum(['pdf', 'xlsx']),
  state: z.enum(['running', 'ready', 'failed']),
  partsDone: z.number().int(),
  partsTotal: z.number().int(),
  /** 0 to 100; 100 once ready. */
  percent: z.number().int(),
  rows: z.number().int(),
  /** The file's bytes, once ready. */
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const reportJobAnswer = success(reportJob);
