import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { classes, subjects } from './classes';
import { id, schoolId, timestamps } from './columns';
import { assessments } from './grades';
import { students, users } from './people';

/** A student's to-do: its priority and status are stored as the index of their names. */
export const taskPriorities = ['low', 'medium', 'high'] as const;
export const taskStatuses = ['pending', 'in_progress', 'completed'] as const;

/**
 * Homework set for a class's subject: due at an instant (`due_at`, UTC) that is a date and time on the school's
 * clock (`due_date`, `due_time`, kept as the teacher gave them). Maximum marks in hundredths, null when the work is
 * not marked. `assessment_id` is the gradebook's assessment its marks went to (null until they go, and again if the
 * office deletes that assessment). `reminded_on` is the school date its reminder was sent on.
 */
export const homework = sqliteTable(
  'homework',
  {
    id: id(),
    schoolId: schoolId(),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull(),
    dueDate: text('due_date').notNull(),
    dueTime: text('due_time').notNull(),
    dueAt: text('due_at').notNull(),
    maxScore: integer('max_score'),
    assessmentId: integer('assessment_id').references(() => assessments.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    remindedOn: text('reminded_on'),
    ...timestamps(),
  },
  (t) => [
    // A class's homework by due time (the lists), and the school's (reports, the reminder's day).
    index('homework_school_class_due_idx').on(t.schoolId, t.classId, t.dueAt),
    index('homework_school_due_idx').on(t.schoolId, t.dueDate),
  ],
);

/**
 * One hand-in per student and homework, changed by handing in again until the work is returned. `late` is set when
 * it was handed in after the due time; score in hundredths, feedback and `returned_at` are the teacher's review.
 */
export const homeworkSubmissions = sqliteTable(
  'homework_submissions',
  {
    schoolId: schoolId(),
    homeworkId: text('homework_id')
      .notNull()
      .references(() => homework.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    submittedAt: text('submitted_at').notNull(),
    late: integer('late').notNull(),
    score: integer('score'),
    feedback: text('feedback'),
    returnedAt: text('returned_at'),
    returnedBy: text('returned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.homeworkId, t.studentId] }),
    // A student's hand-ins (their list, their parents').
    index('homework_submissions_school_student_idx').on(t.schoolId, t.studentId),
  ],
);

/**
 * Files of homework: the teacher's attachments (`student_id` null) and the files of a student's hand-in. Bytes in
 * the R2 bucket FILES under `homework/<schoolId>/<homeworkId>/<fileId>`, checked as documents are.
 */
export const homeworkFiles = sqliteTable(
  'homework_files',
  {
    id: id(),
    schoolId: schoolId(),
    homeworkId: text('homework_id')
      .notNull()
      .references(() => homework.id, { onDelete: 'cascade' }),
    studentId: text('student_id').references(() => students.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('homework_files_school_homework_idx').on(t.schoolId, t.homeworkId, t.studentId)],
);

/** A student's own to-do list (the spec's tasks): title, priority, status and an optional date. */
export const studentTasks = sqliteTable(
  'student_tasks',
  {
    id: id(),
    schoolId: schoolId(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    priority: integer('priority').notNull(),
    status: integer('status').notNull(),
    dueDate: text('due_date'),
    ...timestamps(),
  },
  (t) => [index('student_tasks_school_student_idx').on(t.schoolId, t.studentId, t.status)],
);
