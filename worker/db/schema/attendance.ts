import { index, integer, primaryKey, sqliteTable, sqliteView, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { classes, subjects } from './classes';
import { id, schoolId, timestamps } from './columns';
import { employees, teachers, users } from './people';
import { schools } from './schools';

export const studentAttendanceStatuses = ['present', 'absent', 'late', 'excused'] as const;
export const staffAttendanceStatuses = ['present', 'absent', 'late', 'half-day'] as const;

/**
 * One register per class, subject and date: who took it first and when, who saved it last and when. Its
 * integer key (never reused: AUTOINCREMENT) is what each mark carries.
 */
export const attendanceRegisters = sqliteTable(
  'attendance_registers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    schoolId: schoolId(),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    teacherId: text('teacher_id').references(() => teachers.id, { onDelete: 'set null' }),
    date: text('date').notNull(),
    takenBy: text('taken_by').references(() => users.id, { onDelete: 'set null' }),
    takenAt: text('taken_at').notNull(),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: text('marked_at').notNull(),
  },
  (t) => [
    // A class's day (the class-and-date view, a register, the teacher's week) is one index range.
    uniqueIndex('attendance_registers_class_date_subject_unique').on(t.schoolId, t.classId, t.date, t.subjectId),
    // The school's day (the day figures, registers not yet taken).
    index('attendance_registers_school_date_idx').on(t.schoolId, t.date),
  ],
);

/** Stored status codes, in the order of the status names (absent < excused < late < present). */
export const statusCodes = { absent: 0, excused: 1, late: 2, present: 3 } as const;

/**
 * One mark per student and register: only what varies. About 10 bytes a row in a WITHOUT ROWID table keyed by
 * (register, student number); the student index holds the status too, so a student's tallies read it alone.
 * Created by migration 0008 (WITHOUT ROWID is written there; Drizzle has no word for it).
 */
export const attendanceMarks = sqliteTable(
  'attendance_marks',
  {
    registerId: integer('register_id')
      .notNull()
      .references(() => attendanceRegisters.id, { onDelete: 'cascade' }),
    studentNumber: integer('student_number').notNull(),
    status: integer('status').notNull(),
    remarks: text('remarks'),
  },
  (t) => [
    primaryKey({ columns: [t.registerId, t.studentNumber] }),
    index('attendance_marks_student_idx').on(t.studentNumber, t.registerId, t.status),
  ],
);

/**
 * Students of a class counted per day by how they attended (as `day-figures.ts` defines it), kept by triggers on
 * marks, registers and students' status (migration 0009), so a day's figures read one row per class.
 */
export const attendanceDayTotals = sqliteTable(
  'attendance_day_totals',
  {
    schoolId: schoolId(),
    date: text('date').notNull(),
    classId: text('class_id').notNull(),
    marked: integer('marked').notNull().default(0),
    present: integer('present').notNull().default(0),
    late: integer('late').notNull().default(0),
    absent: integer('absent').notNull().default(0),
    excused: integer('excused').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.date, t.classId] })],
);

/** The school's last student number given, so a number is never given twice even after a deletion. */
export const studentNumbers = sqliteTable('student_numbers', {
  schoolId: text('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  last: integer('last').notNull(),
});

/**
 * The marks as one row each, as the API shows them (read-only view of migration 0008): the mark's id is made of
 * its register's key and the student's number, its time and teacher are its register's.
 */
export const studentAttendance = sqliteView('student_attendance', {
  id: text('id').notNull(),
  schoolId: text('school_id').notNull(),
  registerId: integer('register_id').notNull(),
  studentNumber: integer('student_number').notNull(),
  studentId: text('student_id').notNull(),
  classId: text('class_id').notNull(),
  subjectId: text('subject_id').notNull(),
  teacherId: text('teacher_id'),
  date: text('date').notNull(),
  status: text('status', { enum: studentAttendanceStatuses }).notNull(),
  remarks: text('remarks'),
  markedBy: text('marked_by'),
  markedAt: text('marked_at').notNull(),
}).existing();

/** The latest mark of a day replaces the earlier one. */
export const teacherAttendance = sqliteTable(
  'teacher_attendance',
  {
    id: id(),
    schoolId: schoolId(),
    teacherId: text('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    status: text('status', { enum: staffAttendanceStatuses }).notNull(),
    remarks: text('remarks'),
    checkInTime: text('check_in_time'),
    checkOutTime: text('check_out_time'),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: text('marked_at').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('teacher_attendance_mark_unique').on(t.schoolId, t.teacherId, t.date),
    index('teacher_attendance_school_date_idx').on(t.schoolId, t.date),
    // A teacher's statuses over a range, read from the index alone (the yearly statistics count them).
    index('teacher_attendance_school_teacher_status_idx').on(t.schoolId, t.teacherId, t.date, t.status),
  ],
);

export const employeeAttendance = sqliteTable(
  'employee_attendance',
  {
    id: id(),
    schoolId: schoolId(),
    employeeId: text('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    status: text('status', { enum: staffAttendanceStatuses }).notNull(),
    remarks: text('remarks'),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: text('marked_at').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('employee_attendance_mark_unique').on(t.schoolId, t.employeeId, t.date),
    index('employee_attendance_school_date_idx').on(t.schoolId, t.date),
  ],
);
