import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, schoolId, timestamps } from './columns';
import { teachers } from './people';

export const classNames = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const sections = ['A', 'B', 'C', 'D', 'E'] as const;
export const subjectTypes = ['core', 'elective', 'practical'] as const;
export const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

export const classes = sqliteTable(
  'classes',
  {
    id: id(),
    schoolId: schoolId(),
    name: text('name', { enum: classNames }).notNull(),
    section: text('section', { enum: sections }).notNull(),
    /** The class teacher. */
    teacherId: text('teacher_id').references(() => teachers.id, { onDelete: 'set null' }),
    capacity: integer('capacity').notNull(),
    room: text('room'),
    academicYear: text('academic_year').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('classes_school_year_name_section_unique').on(t.schoolId, t.academicYear, t.name, t.section),
    index('classes_school_teacher_idx').on(t.schoolId, t.teacherId),
  ],
);

export const subjectCategories = sqliteTable(
  'subject_categories',
  {
    id: id(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('subject_categories_school_name_unique').on(t.schoolId, t.name)],
);

/** A subject as taught to one class by one (main) teacher. */
export const subjects = sqliteTable(
  'subjects',
  {
    id: id(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    code: text('code'),
    description: text('description'),
    classId: text('class_id').references(() => classes.id, { onDelete: 'set null' }),
    teacherId: text('teacher_id').references(() => teachers.id, { onDelete: 'set null' }),
    categoryId: text('category_id').references(() => subjectCategories.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull().default(1),
    type: text('type', { enum: subjectTypes }).notNull().default('core'),
    ...timestamps(),
  },
  (t) => [
    index('subjects_school_class_idx').on(t.schoolId, t.classId),
    index('subjects_school_teacher_idx').on(t.schoolId, t.teacherId),
    index('subjects_school_category_idx').on(t.schoolId, t.categoryId),
    uniqueIndex('subjects_school_class_name_unique').on(t.schoolId, t.classId, t.name),
  ],
);

/** Further teachers of a subject, beside its main teacher. */
export const subjectTeachers = sqliteTable(
  'subject_teachers',
  {
    schoolId: schoolId(),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    teacherId: text('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.teacherId] }),
    index('subject_teachers_school_teacher_idx').on(t.schoolId, t.teacherId),
  ],
);

/** One weekly timetable slot. Times are HH:MM in the school's zone. */
export const schedules = sqliteTable(
  'schedules',
  {
    id: id(),
    schoolId: schoolId(),
    teacherId: text('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    dayOfWeek: text('day_of_week', { enum: weekdays }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    room: text('room'),
    academicYear: text('academic_year').notNull(),
    semester: text('semester').notNull(),
    notes: text('notes'),
    ...timestamps(),
  },
  (t) => [
    index('schedules_school_teacher_day_idx').on(t.schoolId, t.academicYear, t.teacherId, t.dayOfWeek),
    index('schedules_school_class_day_idx').on(t.schoolId, t.academicYear, t.classId, t.dayOfWeek),
    index('schedules_school_room_day_idx').on(t.schoolId, t.academicYear, t.room, t.dayOfWeek),
  ],
);
