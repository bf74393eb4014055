import { z } from 'zod';
import { list, ref, success } from '../../lib/answer-shapes';
import { subjectRecord } from '../../lib/record-shapes';

// The answers of the subjects calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const category = z.strictObject({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  subjectCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const subject = subjectRecord;

export const listSubjectsAnswer = list(subject);

export const createSubjectAnswer = success(subject);

export const listCategoriesAnswer = list(category);

export const createCategoryAnswer = success(category);

export const getCategoryAnswer = success(category);

export const updateCategoryAnswer = success(category);

export const deleteCategoryAnswer = success(
  z.strictObject({
    _id: z.string(),
    subjectsUncategorised: z.number(),
  }),
);

export const subjectsOfCategoryAnswer = z.strictObject({
  success: z.boolean(),
  data: z.array(subject),
  total: z.number(),
  category: ref.nullable(),
});

export const unassignedSubjectsAnswer = list(subject);

export const subjectStatsAnswer = success(
  z.strictObject({
    total: z.number(),
    totalCredits: z.number(),
    byType: z.strictObject({
      core: z.number(),
      elective: z.number(),
      practical: z.number(),
    }),
    byCategory: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        count: z.number(),
      }),
    ),
    uncategorised: z.number(),
    unassigned: z.number(),
    withoutClass: z.number(),
    withoutTeacher: z.number(),
  }),
);

export const getSubjectAnswer = success(subject);

export const changeSubjectAnswer = success(subject);

export const deleteSubjectAnswer = success(
  z.strictObject({
    _id: z.string(),
    schedulesRemoved: z.number(),
  }),
);

export const subjectTeachersOfAnswer = list(
  z.strictObject({
    _id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    department: z.string(),
    designation: z.string().nullable(),
    isActive: z.boolean(),
    role: z.enum(['main', 'co-teacher']),
  }),
);

export const addCoTeacherAnswer = success(
  z.array(
    z.strictObject({
      _id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      department: z.string(),
      designation: z.string().nullable(),
      isActive: z.boolean(),
      role: z.enum(['main', 'co-teacher']),
    }),
  ),
);

/** A subject whose class is answered as a bare reference (id and name). */
export const changeSubjectAnswer4 = success(subjectRecord.extend({ classId: ref.nullable() }));
