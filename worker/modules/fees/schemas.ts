import { z } from 'zod';
import { feeFrequencies, paymentMethods } from '../../db/schema';
import { academicYearField, schoolDate } from '../../lib/fields';
import { moneyInput, toMajor } from '../../lib/money';
import { pagingQuery } from '../../lib/paging';

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(64);
const date = schoolDate;
const note = (max: number, label: string) => z.string().trim().max(max, `${label} is too long`).optional();

export const categoryBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is too long'),
  description: note(300, 'Description'),
});
export const categoryUpdateBody = categoryBody.partial();

export const structureBody = z.object({
  classId: id('Class'),
  categoryId: id('Category'),
  amount: moneyInput('Amount'),
  dueDate: date('Due date'),
  frequency: z
    .enum(feeFrequencies, { error: `Frequency must be one of ${feeFrequencies.join(', ')}` })
    .default('one-time'),
  /** Only the students assigned to it pay (transport, hostel, clubs); otherwise the whole class. */
  optional: z.boolean({ error: 'Optional must be true or false' }).default(false),
  academicYear: z
    .string()
    .regex(/^\d{4}-\d{4}$/, 'Academic year must look like 2024-2025')
    .optional(),
  description: note(300, 'Description'),
});
// Without the create defaults: an update that leaves frequency or optional out keeps the stored one.
export const structureUpdateBody = structureBody
  .extend({
    frequency: structureBody.shape.frequency.removeDefault().optional(),
    optional: structureBody.shape.optional.removeDefault().optional(),
  })
  .partial();
export type StructureInput = z.infer<typeof structureBody>;

export const structureQuery = pagingQuery(100, 500).extend({
  classId: z.string().max(64).optional(),
  categoryId: z.string().max(64).optional(),
  academicYear: z.string().max(9).optional(),
});

/** Which instalment of a fee a payment is for (1 for a fee that falls due once). */
const instalment = z
  .number({ error: 'Instalment must be a whole number' })
  .int('Instalment must be a whole number')
  .min(1, 'Instalment must be at least 1')
  .max(12, 'Instalment must be at most 12')
  .default(1);
const payer = note(120, 'Payer');

/** Students to assign to an optional fee (or charge a class fee due before their admission), and to unassign. */
export const assignmentBody = z
  .object({
    add: z.array(id('Student')).max(1000, 'At most 1000 students at once').default([]),
    remove: z.array(id('Student')).max(1000, 'At most 1000 students at once').default([]),
  })
  .refine((body) => body.add.length + body.remove.length > 0, 'Choose at least one student')
  .refine((body) => !body.add.some((s) => body.remove.includes(s)), 'A student cannot be added and removed at once');
export type AssignmentInput = z.infer<typeof assignmentBody>;

const method = z.enum(paymentMethods, { error: `Payment method must be one of ${paymentMethods.join(', ')}` });

export const collectionBody = z.object({
  studentId: id('Student'),
  structureId: id('Fee structure'),
  instalment,
  amount: moneyInput('Amount'),
  method,
  paidOn: date('Payment date').optional(),
  payer,
  reference: note(80, 'Reference'),
  remarks: note(300, 'Remarks'),
});

/** One payment covering several fees of one student, under one receipt. */
export const receiptBody = z.object({
  studentId: id('Student'),
  method,
  paidOn: date('Payment date').optional(),
  payer,
  reference: note(80, 'Reference'),
  remarks: note(300, 'Remarks'),
  items: z
    .array(z.object({ structureId: id('Fee structure'), instalment, amount: moneyInput('Amount') }))
    .min(1, 'At least one fee is required')
    .max(20, 'At most 20 fees per receipt')
    .refine(
      (items) => new Set(items.map((i) => `${i.structureId}#${i.instalment}`)).size === items.length,
      'Each fee may appear once',
    ),
});
export type PaymentInput = z.infer<typeof receiptBody>;

export const collectionQuery = pagingQuery(50, 500).extend({
  studentId: z.string().max(64).optional(),
  classId: z.string().max(64).optional(),
  structureId: z.string().max(64).optional(),
  method: method.optional(),
  from: date('From').optional(),
  to: date('To').optional(),
  /** Payments towards that year's fee structures (absent: every payment). */
  academicYear: academicYearField.optional(),
});
export type CollectionQuery = z.infer<typeof collectionQuery>;

export const receiptQuery = pagingQuery(50, 500).extend({
  studentId: z.string().max(64).optional(),
  from: date('From').optional(),
  to: date('To').optional(),
  /** Receipts with a payment towards that year's fee structures (absent: every receipt). */
  academicYear: academicYearField.optional(),
});
export type ReceiptQuery = z.infer<typeof receiptQuery>;

export const dueStatuses = ['due', 'partial', 'overdue'] as const;
export const dueQuery = pagingQuery(100, 500).extend({
  classId: z.string().max(64).optional(),
  studentId: z.string().max(64).optional(),
  categoryId: z.string().max(64).optional(),
  status: z.enum(dueStatuses, { error: 'Status must be due, partial or overdue' }).optional(),
  search: z.string().trim().max(100).optional(),
  /** Instalments of that year's fee structures (absent: all that is owed now, past years' arrears included). */
  academicYear: academicYearField.optional(),
});
export type DueQuery = z.infer<typeof dueQuery>;

export function money(minor: number) {
  return { amount: toMajor(minor), amountMinor: minor };
}

export function receiptNumber(n: number): string {
  return `R-${String(n).padStart(6, '0')}`;
}

/** How a receipt names each payment method. */
export const METHOD_LABEL: Record<(typeof paymentMethods)[number], string> = {
  cash: 'Cash',
  card: 'Card',
  'bank-transfer': 'Bank transfer',
  upi: 'UPI',
  cheque: 'Cheque',
  online: 'Online',
};
