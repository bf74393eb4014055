import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { classes } from './classes';
import { id, schoolId, timestamps } from './columns';
import { students, users } from './people';

export const feeFrequencies = ['one-time', 'monthly', 'quarterly', 'termly', 'annual'] as const;
export const paymentMethods = ['cash', 'card', 'bank-transfer', 'upi', 'cheque', 'online'] as const;

export const feeCategories = sqliteTable(
  'fee_categories',
  {
    id: id(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('fee_categories_school_name_unique').on(t.schoolId, t.name)],
);

/**
 * What the students of a class owe for one category: every student, or (`optional`) only those assigned to it.
 * `amountMinor` is asked once per instalment; `dueDates` lists the instalments' due dates (the first is `dueDate`),
 * null for a structure laid out before instalments existed, which has one. Money is integer minor units.
 */
export const feeStructures = sqliteTable(
  'fee_structures',
  {
    id: id(),
    schoolId: schoolId(),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => feeCategories.id),
    amountMinor: integer('amount_minor').notNull(),
    dueDate: text('due_date').notNull(),
    frequency: text('frequency', { enum: feeFrequencies }).notNull().default('one-time'),
    dueDates: text('due_dates', { mode: 'json' }).$type<string[]>(),
    optional: integer('optional', { mode: 'boolean' }).notNull().default(false),
    academicYear: text('academic_year').notNull(),
    description: text('description'),
    ...timestamps(),
  },
  (t) => [
    index('fee_structures_school_class_idx').on(t.schoolId, t.classId),
    index('fee_structures_school_category_idx').on(t.schoolId, t.categoryId),
  ],
);

/** Receipts are numbered per school. */
export const feeReceipts = sqliteTable(
  'fee_receipts',
  {
    id: id(),
    schoolId: schoolId(),
    number: integer('number').notNull(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    issuedOn: text('issued_on').notNull(),
    issuedBy: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who paid, as the receipt says "Received from". */
    payer: text('payer'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('fee_receipts_school_number_unique').on(t.schoolId, t.number),
    index('fee_receipts_school_student_idx').on(t.schoolId, t.studentId),
  ],
);

export const feeCollections = sqliteTable(
  'fee_collections',
  {
    id: id(),
    schoolId: schoolId(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    structureId: text('structure_id')
      .notNull()
      .references(() => feeStructures.id, { onDelete: 'cascade' }),
    /** Which instalment of the structure the payment is for, from 1. */
    instalment: integer('instalment').notNull().default(1),
    receiptId: text('receipt_id').references(() => feeReceipts.id, { onDelete: 'set null' }),
    amountMinor: integer('amount_minor').notNull(),
    method: text('method', { enum: paymentMethods }).notNull(),
    paidOn: text('paid_on').notNull(),
    reference: text('reference'),
    remarks: text('remarks'),
    collectedBy: text('collected_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    // Covering for the paid-so-far totals per student and structure (dues list, dashboard): no table reads.
    index('fee_collections_school_student_idx').on(t.schoolId, t.studentId, t.structureId, t.instalment, t.amountMinor),
    index('fee_collections_school_structure_idx').on(t.schoolId, t.structureId),
    index('fee_collections_school_paid_on_idx').on(t.schoolId, t.paidOn),
  ],
);

/**
 * Who takes an optional fee; for a fee of the whole class, a student charged it although it fell due before their
 * admission. Kept WITHOUT ROWID (migration 0007): the key is the row, stored once.
 */
export const feeAssignments = sqliteTable(
  'fee_assignments',
  {
    schoolId: schoolId(),
    structureId: text('structure_id')
      .notNull()
      .references(() => feeStructures.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.structureId, t.studentId] }),
    index('fee_assignments_school_student_idx').on(t.schoolId, t.studentId),
  ],
);

/**
 * Every instalment an active student owes (`owesSql`), with what the student has paid towards it: one row per
 * student, structure and instalment, kept by triggers on students, structures, assignments and payments
 * (migration 0010), so the dues list reads these rows instead of laying out every fee's instalments.
 */
export const feeDues = sqliteTable(
  'fee_dues',
  {
    studentId: text('student_id').notNull(),
    structureId: text('structure_id').notNull(),
    instalment: integer('instalment').notNull(),
    schoolId: schoolId(),
    classId: text('class_id').notNull(),
    dueDate: text('due_date').notNull(),
    /** The student's name, the list's second order: kept from `users` so a page is read in order from an index. */
    studentName: text('student_name').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    paidMinor: integer('paid_minor').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.structureId, t.instalment] }),
    index('fee_dues_structure_idx').on(t.structureId),
    // The accounts report: every owed instalment of a school by due date, its amounts from the index alone. Partial
    // on a condition only a due-date range implies, so a read of one student's rows keeps its primary key.
    index('fee_dues_school_due_idx')
      .on(t.schoolId, t.dueDate, t.amountMinor, t.paidMinor)
      .where(sql`due_date is not null`),
    // The dues list: unpaid instalments in the list's order, the school's or a class's.
    index('fee_dues_school_unpaid_idx')
      .on(t.schoolId, t.dueDate, t.studentName, t.structureId)
      .where(sql`amount_minor > paid_minor`),
    index('fee_dues_class_unpaid_idx')
      .on(t.classId, t.dueDate, t.studentName, t.structureId)
      .where(sql`amount_minor > paid_minor`),
  ],
);

/**
 * Each student's sums over their `fee_dues` rows, kept by triggers on those rows: the fee figures of the school
 * or a class read one row per student.
 */
export const feeStudentTotals = sqliteTable(
  'fee_student_totals',
  {
    schoolId: schoolId(),
    studentId: text('student_id').notNull(),
    classId: text('class_id').notNull(),
    instalments: integer('instalments').notNull().default(0),
    billedMinor: integer('billed_minor').notNull().default(0),
    paidMinor: integer('paid_minor').notNull().default(0),
    outstandingMinor: integer('outstanding_minor').notNull().default(0),
    unpaid: integer('unpaid').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId] }),
    // A class's figures from the index alone.
    index('fee_student_totals_class_idx').on(
      t.schoolId,
      t.classId,
      t.billedMinor,
      t.paidMinor,
      t.outstandingMinor,
      t.unpaid,
    ),
  ],
);
