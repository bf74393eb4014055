import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { classes } from './classes';
import { createdAt, id, schoolId, timestamps } from './columns';
import { languages } from './schools';

export const roles = ['school_admin', 'teacher', 'student', 'parent'] as const;
export type Role = (typeof roles)[number];
export const genders = ['male', 'female', 'other'] as const;

/** Every person who signs in. The email is unique across the platform (all schools share one sign-in screen). */
export const users = sqliteTable(
  'users',
  {
    id: id(),
    schoolId: schoolId(),
    role: text('role', { enum: roles }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** Bumped on password change: every token issued before it stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The password was given by the school (generated, or chosen by the office): until its holder chooses their
     * own, the account may only change it. Cleared by that change.
     */
    passwordChangeRequired: integer('password_change_required', { mode: 'boolean' }).notNull().default(false),
    lastLoginAt: text('last_login_at'),
    /** The person's own language; null follows the school's. */
    language: text('language', { enum: languages }),
    /** Channels the person turned off, per kind of message: one bit each (`channelChoiceBit`); 0 is everything on. */
    channelsOff: integer('channels_off').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // By name within a role: the student list's first pages are read in order from it, without a sort.
    index('users_school_role_name_idx').on(t.schoolId, t.role, t.name, t.id),
  ],
);

export const departments = sqliteTable(
  'departments',
  {
    id: id(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('departments_school_name_unique').on(t.schoolId, t.name)],
);

export const teachers = sqliteTable(
  'teachers',
  {
    id: id(),
    schoolId: schoolId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    department: text('department').notNull().default('Teaching'),
    designation: text('designation'),
    qualification: text('qualification'),
    experienceYears: integer('experience_years').notNull().default(0),
    /** Monthly salary in minor units of the school's currency. */
    salaryMinor: integer('salary_minor').notNull().default(0),
    dateOfBirth: text('date_of_birth'),
    gender: text('gender', { enum: genders }),
    /** Subject names the teacher can teach, primary first, no duplicates (JSON array). */
    subjects: text('subjects', { mode: 'json' }).$type<string[]>().notNull().default([]),
    addressStreet: text('address_street'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressZip: text('address_zip'),
    joinedOn: text('joined_on'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('teachers_user_unique').on(t.userId),
    index('teachers_school_active_idx').on(t.schoolId, t.isActive),
  ],
);

/** Non-teaching staff. They do not sign in. */
export const employees = sqliteTable(
  'employees',
  {
    id: id(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    position: text('position').notNull(),
    departmentId: text('department_id')
      .notNull()
      .references(() => departments.id),
    email: text('email'),
    phone: text('phone'),
    salaryMinor: integer('salary_minor').notNull().default(0),
    joinedOn: text('joined_on'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps(),
  },
  (t) => [
    index('employees_school_department_idx').on(t.schoolId, t.departmentId),
    index('employees_school_status_idx').on(t.schoolId, t.status),
  ],
);

export const students = sqliteTable(
  'students',
  {
    id: id(),
    schoolId: schoolId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    classId: text('class_id').references(() => classes.id, { onDelete: 'set null' }),
    rollNumber: text('roll_number').notNull(),
    admissionNumber: text('admission_number').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    gender: text('gender', { enum: genders }).notNull(),
    admissionDate: text('admission_date').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    addressStreet: text('address_street'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressZip: text('address_zip'),
    /**
     * The student's small key within the school (attendance marks carry it instead of the id). A trigger of
     * migration 0008 gives each new student the next number of the school's counter; never reused.
     */
    number: integer('number'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('students_user_unique').on(t.userId),
    uniqueIndex('students_school_number_unique').on(t.schoolId, t.number),
    uniqueIndex('students_school_admission_unique').on(t.schoolId, t.admissionNumber),
    uniqueIndex('students_school_class_roll_unique').on(t.schoolId, t.classId, t.rollNumber),
    index('students_school_status_idx').on(t.schoolId, t.status),
    // Newest admissions first with the creation time as tie-break (a whole intake shares one date): no sort.
    index('students_school_admission_date_idx').on(t.schoolId, t.admissionDate, t.createdAt),
  ],
);

export const parents = sqliteTable(
  'parents',
  {
    id: id(),
    schoolId: schoolId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occupation: text('occupation'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('parents_user_unique').on(t.userId), index('parents_school_idx').on(t.schoolId)],
);

export const parentRelations = ['father', 'mother', 'guardian'] as const;

/** A parent may have several children; a child up to one father, one mother and one guardian. */
export const studentParents = sqliteTable(
  'student_parents',
  {
    schoolId: schoolId(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    parentId: text('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    relation: text('relation', { enum: parentRelations }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.parentId] }),
    uniqueIndex('student_parents_relation_unique').on(t.schoolId, t.studentId, t.relation),
    index('student_parents_school_parent_idx').on(t.schoolId, t.parentId),
  ],
);
