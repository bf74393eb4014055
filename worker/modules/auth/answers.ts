import { z } from 'zod';
import { genders, parentRelations, roles } from '../../db/schema';
import { classRef, done, ref, success } from '../../lib/answer-shapes';

// The answers of the auth calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const shape = z.strictObject({
  _id: z.string(),
  name: z.string(),
  timeZone: z.string(),
});

export const address = z.strictObject({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
});

export const children = z.strictObject({
  _id: z.string(),
  name: z.string(),
  rollNumber: z.string(),
  relation: z.enum(parentRelations),
  status: z.string(),
  classId: classRef.nullable(),
});

export const student2 = z.strictObject({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  rollNumber: z.string(),
  admissionNumber: z.string(),
  status: z.string(),
  classId: classRef.nullable(),
});

export const user = z.strictObject({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  schoolId: z.string(),
  school: shape,
  mustChangePassword: z.boolean(),
});

export const parent2 = z.strictObject({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  schoolId: z.string(),
  school: shape,
  mustChangePassword: z.boolean(),
  children: z.array(children),
});

export const parent = z.strictObject({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  schoolId: z.string(),
  school: shape,
  mustChangePassword: z.boolean(),
  children: z.array(children),
});

export const teacher2 = z.strictObject({
  _id: z.string(),
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  schoolId: z.string(),
  school: shape,
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
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  schoolId: z.string(),
  school: shape,
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

export const signInAnyRoleAnswer = success(
  z.strictObject({
    user: user,
    token: z.string(),
    expiresAt: z.string(),
    student: student2.optional(),
    parent: parent2.optional(),
    teacher: teacher2.optional(),
  }),
);

export const currentUserAnswer = success(
  z.strictObject({
    user: user,
  }),
);

export const signInAnyRoleAnswer2 = success(
  z.strictObject({
    user: user,
    token: z.string(),
    expiresAt: z.string(),
    teacher: teacher2.optional(),
    student: student2.optional(),
    parent: parent2.optional(),
  }),
);

export const signOutAnswer = done;

export const refreshAnswer = success(
  z.strictObject({
    token: z.string(),
    expiresAt: z.string(),
    user: user,
  }),
);

export const currentUserAnswer2 = success(
  z.strictObject({
    user: user,
    teacher: z
      .strictObject({
        _id: z.string(),
        id: z.string(),
        userId: z.string().nullable(),
        name: z.string(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        role: z.enum(roles),
        schoolId: z.string(),
        school: ref,
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
      })
      .optional(),
    children: z.array(children).optional(),
    student: z
      .strictObject({
        _id: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        rollNumber: z.string(),
        admissionNumber: z.string(),
        status: z.string(),
        classId: classRef.nullable(),
      })
      .optional(),
  }),
);

export const updateProfileAnswer = success(
  z.strictObject({
    user: user,
    token: z.string().optional(),
    expiresAt: z.string().optional(),
  }),
);

export const createTeacherAnswer = success(
  z.strictObject({
    teacher: z.strictObject({
      _id: z.string(),
      id: z.string(),
      userId: z.string().nullable(),
      name: z.string(),
      email: z.string().nullable(),
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
    }),
  }),
);

export const signInAnswer = z.strictObject({
  success: z.boolean(),
  message: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  mustChangePassword: z.boolean(),
  teacher: teacher,
  data: z.strictObject({
    token: z.string(),
    expiresAt: z.string(),
    teacher: teacher,
    user: user,
  }),
});

export const signInAnswer2 = z.strictObject({
  success: z.boolean(),
  message: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  mustChangePassword: z.boolean(),
  student: student2,
  data: z.strictObject({
    token: z.string(),
    expiresAt: z.string(),
    student: student2,
    user: user,
  }),
});

export const signInAnswer3 = z.strictObject({
  success: z.boolean(),
  message: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  mustChangePassword: z.boolean(),
  parent: parent,
  data: z.strictObject({
    token: z.string(),
    expiresAt: z.string(),
    parent: parent,
    user: user,
  }),
});
