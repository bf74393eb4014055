import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { classes, subjects } from './classes';
import { id, schoolId, timestamps } from './columns';
import { employees, students, teachers, users } from './people';

export const studentAttendanceStatuses = ['present', 'absent', 'late', 'excused'] as const;
export const staffAttendanceStatuses = ['present', 'absent', 'late', 'half-day'] as const;

/** One mark per student, subject and date; marking again replaces it. */
export const studentAttendance = sqliteTable(
  'student_attendance',
  {
    id: id(),
    schoolId: schoolId(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    teacherId: text('teacher_id').references(() => teachers.id, { onDelete: 'set null' }),
    date: text('date').notNull(),
    status: text('status', { enum: studentAttendanceStatuses }).notNull(),
    remarks: text('remarks'),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: text('marked_at').notNull(),
    ...timestamps(),
  },
  (t) => [
    // Date before subject: a student's marks over a range of days are one index range.
    uniqueIndex('student_attendance_mark_unique').on(t.schoolId, t.studentId, t.date, t.subjectId),
    index('student_attendance_school_class_date_idx').on(t.schoolId, t.classId, t.date),
    // A day's marks come out in student order, so per-student totals of a day need no sort and no table read.
    index('student_attendance_school_date_idx').on(t.schoolId, t.date, t.studentId, t.status),
    // A day's totals per status (the dashboard's trend) counted from the index alone, already grouped.
    index('student_attendance_school_date_status_idx').on(t.schoolId, t.date, t.status),
  ],
);

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
