import { z } from 'zod';
import { issuesByField } from '~/components/ui/form-errors';
import { FREQUENCIES } from './api';
import { amountError } from './format';

/** The server's fee structure rules and messages (worker/modules/fees/schemas.ts). */
export const structureSchema = z.object({
  classId: z.string().trim().min(1, 'Class is required'),
  categoryId: z.string().trim().min(1, 'Category is required'),
  amount: z.string().superRefine((value, ctx) => {
    const message = amountError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  dueDate: z.string().min(1, 'Due date is required').pipe(z.iso.date('Due date must be a date (YYYY-MM-DD)')),
  frequency: z.enum(FREQUENCIES, { error: `Frequency must be one of ${FREQUENCIES.join(', ')}` }),
  /** 'assigned': only the students assigned to the fee pay it (transport, hostel, clubs). */
  payers: z.enum(['class', 'assigned']),
  academicYear: z
    .string()
    .regex(/^\d{4}-\d{4}$/, 'Academic year must look like 2024-2025')
    .or(z.literal('')),
  description: z.string().trim().max(300, 'Description is too long'),
});

export type StructureForm = z.input<typeof structureSchema>;
export type StructureField = keyof StructureForm;
export const STRUCTURE_FIELDS = Object.keys(structureSchema.shape) as StructureField[];

export function validateStructure(form: StructureForm) {
  const result = structureSchema.safeParse(form);
  if (result.success) return { data: result.data, errors: null };
  return { data: null, errors: issuesByField<StructureField>(result.error.issues) };
}

export const categorySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name is too long'),
  description: z.string().trim().max(300, 'Description is too long'),
});
