import { z } from 'zod';
import { issuesByField } from '~/components/ui/form-errors';
import { COMPLAINT_PRIORITIES } from './api';

/** The server's complaint rules and messages (worker/modules/complaints/schemas.ts). */
export const complaintSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(160, 'Title is too long'),
  initiatedBy: z.string().trim().min(1, 'Initiated by is required').max(120, 'Initiated by is too long'),
  date: z.iso.date('Date must be a date (YYYY-MM-DD)').or(z.literal('')),
  priority: z.enum(COMPLAINT_PRIORITIES, { error: 'Priority must be high, medium or low' }),
  category: z.string().trim().max(80, 'Category is too long'),
  description: z.string().trim().max(2000, 'Description is too long'),
});

export type ComplaintForm = z.input<typeof complaintSchema>;
export type ComplaintField = keyof ComplaintForm;
export const COMPLAINT_FIELDS = Object.keys(complaintSchema.shape) as ComplaintField[];

export function validateComplaint(form: ComplaintForm) {
  const result = complaintSchema.safeParse(form);
  if (result.success) return { data: result.data, errors: null };
  return { data: null, errors: issuesByField<ComplaintField>(result.error.issues) };
}
