import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { classes, subjects } from './classes';
import { id, schoolId, timestamps } from './columns';
import { users } from './people';

export const assessmentTypes = ['test', 'exam', 'quiz', 'project', 'homework'] as const;
export const markStatuses = ['scored', 'absent', 'exempt'] as const;
/** Stored status codes of a mark, in the order of `markStatuses`. */
export const markStatusCodes = { scored: 0, absent: 1, exempt: 2 } as const;

/** Dated parts of the school's academic year (Term 1, Half-yearly, …); they must not overlap. */
export const terms = sqliteTable(
  'terms',
  {
    id: id(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    ...timestamps(),
  },
  (t) => [index('terms_school_start_idx').on(t.schoolId, t.startDate)],
);

/**
 * The school's grading scale: one row per band, from its lowest whole percentage up to the next band's. Keyed by
 * school and that percentage, so two bands cannot start at the same place and there are no gaps to check.
 */
export const gradeBands = sqliteTable(
  'grade_bands',
  {
    schoolId: schoolId(),
    minPercent: integer('min_percent').notNull(),
    grade: text('grade').notNull(),
    points: real('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.minPercent] })],
);

/**
 * One assessment of a class's subject in a term. Its integer key (never reused: AUTOINCREMENT) is what each mark
 * carries. Maximum marks are kept in hundredths, as scores are.
 */
export const assessments = sqliteTable(
  'assessments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    schoolId: schoolId(),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    termId: text('term_id')
      .notNull()
      .references(() => terms.id),
    title: text('title').notNull(),
    type: text('type', { enum: assessmentTypes }).notNull(),
    date: text('date').notNull(),
    maxScore: integer('max_score').notNull(),
    weight: real('weight').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: text('marked_at'),
    ...timestamps(),
  },
  // A class's assessments of a term (the list, and a term's results next) are one index range.
  (t) => [index('assessments_school_class_term_idx').on(t.schoolId, t.classId, t.termId, t.subjectId, t.date)],
);

/**
 * One mark per student and assessment: only what varies. `WITHOUT ROWID`, keyed by (assessment, student number),
 * the status a small integer (`markStatusCodes`), the score in hundredths (null unless scored), remarks null
 * unless given, no timestamps (the assessment has them). Created WITHOUT ROWID by hand in its migration.
 */
export const assessmentMarks = sqliteTable(
  'assessment_marks',
  {
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    studentNumber: integer('student_number').notNull(),
    status: integer('status').notNull(),
    score: integer('score'),
    remarks: text('remarks'),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.studentNumber] })],
);

/**
 * A class's report cards of a term, published by the office: families see that term's results and report cards
 * while the row exists. Withdrawing deletes it (the activity log keeps both).
 */
export const reportPublications = sqliteTable(
  'report_publications',
  {
    schoolId: schoolId(),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    termId: text('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: text('published_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.classId, t.termId] })],
);
