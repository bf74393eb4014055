import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { classes } from './classes';
import { id, schoolId, timestamps } from './columns';
import { feeStructures } from './fees';
import { students, users } from './people';

export const enrolmentOutcomes = ['promoted', 'repeated', 'left', 'graduated'] as const;

/**
 * A school's years, by name and dates. Which one is current stays `schools.academic_year`, which every screen
 * already reads: a flag here could disagree with it. A year is written when a rollover closes it or opens it.
 */
export const schoolYears = sqliteTable(
  'school_years',
  {
    id: id(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on').notNull(),
    /** The year this one was rolled over from (null for a year the school began with). */
    rolledFrom: text('rolled_from'),
    rolledBy: text('rolled_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('school_years_school_name_unique').on(t.schoolId, t.name)],
);

/** The class a student finished a past year in, and what the rollover did with them. */
export const enrolments = sqliteTable(
  'enrolments',
  {
    schoolId: schoolId(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    academicYear: text('academic_year').notNull(),
    classId: text('class_id').references(() => classes.id, { onDelete: 'set null' }),
    rollNumber: text('roll_number').notNull(),
    outcome: text('outcome', { enum: enrolmentOutcomes }).notNull(),
    /** Where the rollover placed them next year (promoted or repeating); the rollover moves them from this row. */
    nextClassId: text('next_class_id').references(() => classes.id, { onDelete: 'set null' }),
    nextRollNumber: text('next_roll_number'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.academicYear] }),
    index('enrolments_school_year_class_idx').on(t.schoolId, t.academicYear, t.classId),
  ],
);

/**
 * An instalment of a past year a student still owed when the rollover moved them on: it stays owed (in `fee_dues`,
 * through the view `fee_owed`) until paid, though the fee is last year's class's. Written only by the rollover.
 */
export const feeArrears = sqliteTable(
  'fee_arrears',
  {
    schoolId: schoolId(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    structureId: text('structure_id')
      .notNull()
      .references(() => feeStructures.id, { onDelete: 'cascade' }),
    instalment: integer('instalment').notNull(),
    /** The year the instalment belongs to (its fee's), as the rollover closed it. */
    academicYear: text('academic_year').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.structureId, t.instalment] }),
    index('fee_arrears_structure_idx').on(t.structureId),
    index('fee_arrears_school_year_idx').on(t.schoolId, t.academicYear),
  ],
);

export const rolloverStates = ['running', 'done'] as const;

/**
 * A rollover under way, or done: the real run writes next year's rows in steps (`rollover_parts`) under this
 * record, then switches the school's year in one last batch. Its id is the seed of next year's keys, so a call that
 * resumes it plans the same rows; `fingerprint` is what it was planned from (the choices and this year's rows).
 */
export const rollovers = sqliteTable(
  'rollovers',
  {
    id: id(),
    schoolId: schoolId(),
    fromYear: text('from_year').notNull(),
    toYear: text('to_year').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: rolloverStates }).notNull(),
    /** Steps written so far, of `steps` (the last one is the switch). */
    step: integer('step').notNull(),
    steps: integer('steps').notNull(),
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('rollovers_school_year_unique').on(t.schoolId, t.toYear)],
);

/** Next year's rows of a running rollover, as JSON, one part per table and chunk; read by its switch, then deleted. */
export const rolloverParts = sqliteTable(
  'rollover_parts',
  {
    schoolId: schoolId(),
    rolloverId: text('rollover_id')
      .notNull()
      .references(() => rollovers.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** The table the rows go to. */
    target: text('target').notNull(),
    rows: text('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rolloverId, t.seq] })],
);
