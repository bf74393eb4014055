import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { issuesByField } from '~/components/ui/form-errors';
import { FREQUENCIES } from './api';
import { amountError } from './format';

/** The server's fee structure rules and messages (worker/modules/fees/schemas.ts), in the chosen language. */
export const structureSchema = () => {
  const frequencies = FREQUENCIES.join(', ');
  return z.object({
    classId: z.string().trim().min(1, t`Class is required`),
    categoryId: z.string().trim().min(1, t`Category is required`),
    amount: z.string().superRefine((value, ctx) => {
      const message = amountError(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
    dueDate: z.string().min(1, t`Due date is required`).pipe(z.iso.date(t`Due date must be a date (YYYY-MM-DD)`)),
    frequency: z.enum(FREQUENCIES, { error: t`Frequency must be one of ${frequencies}` }),
    /** 'assigned': only the students assigned to the fee pay it (transport, hostel, clubs). */
    payers: z.enum(['class', 'assigned']),
    academicYear: z
      .string()
      .regex(/^\d{4}-\d{4}$/, t`Academic year must look like 2024-2025`)
      .or(z.literal('')),
    description: z.string().trim().max(300, t`Description is too long`),
  });
};

export type StructureForm = z.input<ReturnType<typeof structureSchema>>;
export type StructureField = keyof StructureForm;
// Every field once, checked at compile time, without building the schema (and its texts) when the module loads.
const FIELDS: Record<StructureField, true> = {
  classId: true,
  categoryId: true,
  amount: true,
  dueDate: true,
  frequency: true,
  payers: true,
  academicYear: true,
  description: true,
};
export const STRUCTURE_FIELDS = Object.keys(FIELDS) as StructureField[];

export function validateStructure(form: StructureForm) {
  const result = structureSchema().safeParse(form);
  if (result.success) return { data: result.data, errors: null };
  return { data: null, errors: issuesByField<StructureField>(result.error.issues) };
}

export const categorySchema = () =>
  z.object({
    name: z.string().trim().min(1, t`Name is required`).max(80, t`Name is too long`),
    description: z.string().trim().max(300, t`Description is too long`),
  });
