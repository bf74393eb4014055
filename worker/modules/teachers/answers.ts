import { z } from 'zod';
import { genders, roles, weekdays } from '../../db/schema';
import { classRef, list, ref, success } from '../../lib/answer-shapes';

// The answers of the teachers calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const assignedClass = z.strictObject({
  _id: z.string(),
  name: z.string(),
  section: z.string(),
  academicYear: z.string(),
});

export const address = z.strictObject({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
});

export const teacher2 = z.strictObject({
  _id: z.string(),
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  schoolId: z.string(),
  department: z.string(),
  designation: z.string().nullable(),
  qualification: z.string().nullable(),
  experience: z.number(),
  salary: z.number(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  primarySubject: z.string().nullable(),
  subjects: z.array(z.strictObject({ name: z.string() })),
  address: address.nullable(),
  joinedOn: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});

export const teacher = z.strictObject({
  _id: z.string(),
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  schoolId: z.string(),
  department: z.string(),
  designation: z.string().nullable(),
  qualification: z.string().nullable(),
  experience: z.number(),
  salary: z.number(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  primarySubject: z.string().nullable(),
  subjects: z.array(
    z.strictObject({
      name: z.string(),
    }),
  ),
  address: address.nullable(),
  joinedOn: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});

export const subjectToTeacher = z.strictObject({
  _id: z.string(),
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  schoolId: z.string(),
  department: z.string(),
  designation: z.string().nullable(),
  qualification: z.string().nullable(),
  experience: z.number(),
  salary: z.number(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  primarySubject: z.string().nullable(),
  subjects: z.array(z.strictObject({ name: z.string() })),
  address: address.nullable(),
  joinedOn: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  assignedClasses: z.array(assignedClass),
  assignedSubjects: z.array(
    z.strictObject({
      _id: z.string(),
      name: z.string(),
      code: z.string().nullable(),
      classId: classRef.nullable(),
      role: z.enum(['main', 'co-teacher']),
    }),
  ),
});

export const listTeachersAnswer = list(teacher);

export const createTeacherAnswer = success(
  z.strictObject({
    teacher: teacher,
  }),
);

export const teacherStatsAnswer = success(
  z.strictObject({
    totalTeachers: z.number(),
    activeTeachers: z.number(),
    inactiveTeachers: z.number(),
    totalSalary: z.number(),
    currency: z.string(),
    month: z.string(),
    newThisMonth: z.number(),
    subjectDistribution: z.array(
      z.strictObject({
        subject: z.string(),
        count: z.number(),
      }),
    ),
    teachersWithoutSubjects: z.number(),
    recentTeachers: z.array(teacher),
  }),
);

export const getTeacherAnswer = success(
  z.strictObject({
    _id: z.string(),
    id: z.string(),
    userId: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.enum(roles),
    schoolId: z.string(),
    department: z.string(),
    designation: z.string().nullable(),
    qualification: z.string().nullable(),
    experience: z.number(),
    salary: z.number(),
    dateOfBirth: z.string().nullable(),
    gender: z.enum(genders).nullable(),
    primarySubject: z.string().nullable(),
    subjects: z.array(
      z.strictObject({
        name: z.string(),
      }),
    ),
    address: address.nullable(),
    joinedOn: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
    assignedClasses: z.array(assignedClass),
    assignedSubjects: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        code: z.string().nullable(),
        classId: classRef.nullable(),
        role: z.enum(['main', 'co-teacher']),
      }),
    ),
  }),
);

export const updateTeacherAnswer = success(teacher);

export const deactivateTeacherAnswer = success(teacher2);

export const assignSubjectsToTeacherAnswer = success(subjectToTeacher);

export const assignClassesToTeacherAnswer = success(subjectToTeacher);

export const replaceTeacherTimetableAnswer = list(
  z.strictObject({
    _id: z.string(),
    teacherId: ref.nullable(),
    classId: classRef.nullable(),
    subjectId: z.strictObject({
      _id: z.string(),
      name: z.string(),
      code: z.string().nullable(),
    }),
    dayOfWeek: z.enum(weekdays),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    room: z.string().nullable(),
    academicYear: z.string(),
    semester: z.string(),
    notes: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);

export const listTeachersAnswer2 = list(teacher2);
