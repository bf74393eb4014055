import { z } from 'zod';
import { feeFrequencies, parentRelations, paymentMethods } from '../../db/schema';
import { classRef, done, list, ref, success } from '../../lib/answer-shapes';
import { dueStatuses } from './schemas';

// The answers of the fees calls, declared once: the routes name them; the OpenAPI document and the client read
// them. Money comes twice: in major units for people (`amount`) and in integer minor units (`amountMinor`).

const major = z.number();
const minor = z.number().int();
const count = z.number().int().min(0);
const date = z.iso.date();
const instalment = z.number().int().min(1);

export const feeCategory = z.strictObject({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
});

export const feeStructure = z.strictObject({
  _id: z.string(),
  classId: classRef,
  categoryId: ref,
  amount: major,
  amountMinor: minor,
  dueDate: date,
  frequency: z.enum(feeFrequencies),
  /** One due date per instalment, to the end of the school year; the first is `dueDate`. */
  dueDates: z.array(date).min(1),
  instalments: count,
  optional: z.boolean(),
  /** Students assigned: those who take an optional fee, or are charged a class fee due before admission. */
  assignedCount: count,
  academicYear: z.string(),
  description: z.string().nullable(),
  collected: major,
  collectedMinor: minor,
  createdAt: z.string(),
});

const parent = z.strictObject({ name: z.string(), relation: z.enum(parentRelations) });

export const receipt = z.strictObject({
  _id: z.string(),
  number: z.number().int().min(1),
  receiptNumber: z.string(),
  studentId: z.strictObject({
    _id: z.string(),
    name: z.string(),
    admissionNumber: z.string(),
    classId: classRef.nullable(),
  }),
  amount: major,
  amountMinor: minor,
  issuedOn: date,
  /** The academic year of `issuedOn`, by the month the school's year starts. */
  academicYear: z.string(),
  /** Null only for a receipt whose payments were all removed with their fee. */
  method: z.enum(paymentMethods).nullable(),
  reference: z.string().nullable(),
  remarks: z.string().nullable(),
  /** Who paid, as the office wrote it; null on a receipt from before payers were stored. */
  payer: z.string().nullable(),
  /** The student's parents, father first: whom an old receipt without a payer names. */
  receivedFrom: z.array(parent),
  items: z.array(
    z.strictObject({
      _id: z.string(),
      structureId: z.string(),
      category: z.string(),
      /** '… · 2025-2026 arrears' when the payment settles a past year's instalment. */
      label: z.string(),
      academicYear: z.string(),
      arrears: z.boolean(),
      instalment,
      instalments: count,
      dueDate: date,
      amount: major,
      amountMinor: minor,
      /** Still owed on this fee once this receipt was paid. */
      balanceAfter: major,
      balanceAfterMinor: minor,
    }),
  ),
  balanceAfter: major,
  balanceAfterMinor: minor,
  createdAt: z.string(),
});

export const due = z.strictObject({
  studentId: z.strictObject({
    _id: z.string(),
    name: z.string(),
    admissionNumber: z.string(),
    rollNumber: z.string(),
  }),
  classId: classRef,
  structureId: z.string(),
  category: z.string(),
  /** 'Tuition Fee · Dec 2026' for an instalment of several, the category alone otherwise; '… · 2025-2026 arrears'. */
  label: z.string(),
  /** The year of the fee: a past one's when `arrears`, an instalment the student still owes of a past year. */
  academicYear: z.string(),
  arrears: z.boolean(),
  instalment,
  instalments: count,
  optional: z.boolean(),
  dueDate: date,
  amount: major,
  amountMinor: minor,
  paid: major,
  balance: major,
  balanceMinor: minor,
  status: z.enum(dueStatuses),
});

/** The fee figures of the owed rows (see README "What the figures count"), in major and minor units. */
export const feeFigures = z.strictObject({
  billed: major,
  billedMinor: minor,
  collected: major,
  collectedMinor: minor,
  outstanding: major,
  outstandingMinor: minor,
  unpaidFees: count,
  studentsOwing: count,
  studentsBilled: count,
});

export const instalmentStatuses = ['paid', 'partial', 'due', 'overdue', 'not-owed'] as const;

export const listCategoriesAnswer = success(z.array(feeCategory));
export const categoryAnswer = success(feeCategory);
export const deleteCategoryAnswer = done;

export const listStructuresAnswer = list(feeStructure);
export const structureAnswer = success(feeStructure);
export const deleteStructureAnswer = done;

export const assignmentsAnswer = success(z.strictObject({ structureId: z.string(), studentIds: z.array(z.string()) }));

export const studentFeesAnswer = success(
  z.strictObject({
    student: z.strictObject({
      _id: z.string(),
      name: z.string(),
      admissionNumber: z.string(),
      admissionDate: date,
      status: z.enum(['active', 'inactive']),
      classId: classRef.nullable(),
      /** Father first: whom the payment form offers as the payer. */
      parents: z.array(parent),
    }),
    fees: z.array(
      z.strictObject({
        structureId: z.string(),
        category: z.string(),
        frequency: z.enum(feeFrequencies),
        optional: z.boolean(),
        /** Takes this optional fee, or is charged this class fee although it fell due before admission. */
        assigned: z.boolean(),
        /** The fee's year; `arrears`: a past year's, listed with only the instalments still owed of it. */
        academicYear: z.string(),
        arrears: z.boolean(),
        amount: major,
        amountMinor: minor,
        instalments: z.array(
          z.strictObject({
            instalment,
            label: z.string(),
            dueDate: date,
            owed: z.boolean(),
            paid: major,
            balance: major,
            balanceMinor: minor,
            status: z.enum(instalmentStatuses),
          }),
        ),
      }),
    ),
    today: date,
  }),
);

export const listCollectionsAnswer = z.strictObject({
  success: z.literal(true),
  data: z.array(
    z.strictObject({
      _id: z.string(),
      studentId: ref,
      structureId: z.string(),
      category: z.string(),
      amount: major,
      amountMinor: minor,
      method: z.enum(paymentMethods),
      paidOn: date,
      reference: z.string().nullable(),
      remarks: z.string().nullable(),
      receiptId: z.string().nullable(),
      receiptNumber: z.string().nullable(),
    }),
  ),
  total: count,
  /** What the payments matching the filters add up to, every page. */
  collected: major,
});

export const paymentAnswer = success(receipt);
export const listReceiptsAnswer = list(receipt);
export const receiptAnswer = success(receipt);
export const receiptPdfAnswer = { file: 'application/pdf' };

export const listDuesAnswer = z.strictObject({
  success: z.literal(true),
  data: z.array(due),
  /** Unpaid instalments matching the filters, every page. */
  total: count,
  /** The figures of the same filters as the list. */
  summary: feeFigures.extend({ totalBalance: major, totalBalanceMinor: minor, students: count }),
});
export const duesCsvAnswer = { file: 'text/csv' };
