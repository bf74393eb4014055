import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { IMPORTANT_DATE_PRIORITIES, IMPORTANT_DATE_TYPES, type ImportantDateBody } from './api';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The form's rules, checked before sending, in the spec's words (the server gives the same messages); made when
 * checked, so the messages follow the reader's language.
 */
export const importantDateFormSchema = () =>
  z
    .object({
      title: z.string().trim().min(1, t`Title is required`),
      description: z.string(),
      date: z.string().min(1, t`Date is required`),
      type: z.union([z.enum(IMPORTANT_DATE_TYPES), z.literal('')]).refine((v) => v !== '', t`Event type is required`),
      priority: z.enum(IMPORTANT_DATE_PRIORITIES),
      classes: z.array(z.string()),
      applyToAllClasses: z.boolean(),
      startTime: z.string(),
      endTime: z.string(),
      location: z.string(),
    })
    .refine((v) => !(TIME.test(v.startTime) && TIME.test(v.endTime) && v.endTime <= v.startTime), {
      message: t`End time must be after start time`,
      path: ['endTime'],
      when: () => true,
    })
    .refine((v) => v.applyToAllClasses || v.classes.length > 0, {
      message: t`Choose at least one class or apply to all classes`,
      path: ['classes'],
      when: () => true,
    });

export type FormField = keyof ImportantDateBody;
export type FormErrors = Partial<Record<FormField, string>>;

/** Every failed rule (for the toast) and the first message per field (shown below it); null when valid. */
export function validateImportantDate(body: ImportantDateBody): { messages: string[]; errors: FormErrors } | null {
  const result = importantDateFormSchema().safeParse(body);
  if (result.success) return null;
  const errors: FormErrors = {};
  const messages: string[] = [];
  for (const issue of result.error.issues) {
    messages.push(issue.message);
    errors[issue.path[0] as FormField] ??= issue.message;
  }
  return { messages, errors };
}
