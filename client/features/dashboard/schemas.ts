import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { issuesByField } from '~/components/ui/form-errors';
import { COMPLAINT_PRIORITIES } from './api';

/** The server's complaint rules and messages (worker/modules/complaints/schemas.ts), in the reader's language. */
export const complaintSchema = () =>
  z.object({
    title: z.string().trim().min(1, t`Title is required`).max(160, t`Title is too long`),
    initiatedBy: z.string().trim().min(1, t`Initiated by is required`).max(120, t`Initiated by is too long`),
    date: z.iso.date(t`Date must be a date (YYYY-MM-DD)`).or(z.literal('')),
    priority: z.enum(COMPLAINT_PRIORITIES, { error: t`Priority must be high, medium or low` }),
    category: z.string().trim().max(80, t`Category is too long`),
    description: z.string().trim().max(2000, t`Description is too long`),
  });

export type ComplaintForm = z.input<ReturnType<typeof complaintSchema>>;
export type ComplaintField = keyof ComplaintForm;
export const COMPLAINT_FIELDS: ComplaintField[] = [
  'title',
  'initiatedBy',
  'date',
  'priority',
  'category',
  'description',
];

export function validateComplaint(form: ComplaintForm) {
  const result = complaintSchema().safeParse(form);
  if (result.success) return { data: result.data, errors: null };
  return { data: null, errors: issuesByField<ComplaintField>(result.error.issues) };
}
