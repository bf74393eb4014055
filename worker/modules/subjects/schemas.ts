import { z } from 'zod';
import { type subjectCategories, type subjects, subjectTypes } from '../../db/schema';
import { optionalText, refId, searchField, wholeNumber } from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';
import { classRefOf, refOf } from '../../lib/refs';

const subjectName = z
  .string({ error: 'Subject name is required' })
  .trim()
  .min(1, 'Subject name is required')
  .max(100, 'Subject name must be at most 100 characters');

const typeField = z.enum(subjectTypes, { error: 'Type must be core, elective or practical' });
const credits = wholeNumber('Credits', 1, 10, 'Credits must be a whole number from 1 to 10');

export const subjectCreateBody = z.object({
  name: subjectName,
  code: optionalText(20, 'Code'),
  description: optionalText(500, 'Description'),
  classId: refId('Class'),
  teacherId: refId('Teacher'),
  categoryId: refId('Category').nullable().optional(),
  credits: credits.optional().default(1),
  type: typeField.optional().default('core'),
});
export type SubjectCreateInput = z.infer<typeof subjectCreateBody>;

/** Partial; `classId`, `teacherId` and `categoryId` may be null to leave the subject without one. */
export const subjectUpdateBody = z.object({
  name: subjectName.optional(),
  code: optionalText(20, 'Code'),
  description: optionalText(500, 'Description'),
  classId: refId('Class').nullable().optional(),
  teacherId: refId('Teacher').nullable().optional(),
  categoryId: refId('Category').nullable().optional(),
  credits: credits.optional(),
  type: typeField.optional(),
});
export type SubjectUpdateInput = z.infer<typeof subjectUpdateBody>;

export const teacherIdBody = z.object({ teacherId: refId('Teacher') });
export const classIdBody = z.object({ classId: refId('Class') });

export const subjectListQuery = pagingQuery(100, 1000).extend({
  classId: refId('Class').optional(),
  teacherId: refId('Teacher').optional(),
  categoryId: refId('Category').optional(),
  type: typeField.optional(),
  search: searchField,
});
export type SubjectListQuery = z.infer<typeof subjectListQuery>;

/** Paging of the lists a category or the unassigned subjects give. */
export const subjectPagingQuery = pagingQuery(100, 1000);

export const categoryParam = z.object({
  category: z.string().trim().min(1, 'Category is required').max(100, 'Category must be at most 100 characters'),
});

const categoryName = z
  .string({ error: 'Category name is required' })
  .trim()
  .min(1, 'Category name is required')
  .max(80, 'Category name must be at most 80 characters');

export const categoryCreateBody = z.object({ name: categoryName, description: optionalText(500, 'Description') });
export const categoryUpdateBody = z.object({
  name: categoryName.optional(),
  description: optionalText(500, 'Description'),
});
export type CategoryInput = z.infer<typeof categoryUpdateBody>;

export interface SubjectRow {
  subject: typeof subjects.$inferSelect;
  className: string | null;
  classSection: string | null;
  teacherName: string | null;
  categoryName: string | null;
}

/**
 * `{ _id, name, code, description, classId: {_id,name,section}|null, teacherId: {_id,name}|null,
 * categoryId: {_id,name}|null, credits, type, createdAt, updatedAt }`
 */
export function toSubject(row: SubjectRow) {
  const s = row.subject;
  return {
    _id: s.id,
    name: s.name,
    code: s.code,
    description: s.description,
    classId: classRefOf(s.classId, row.className, row.classSection),
    teacherId: refOf(s.teacherId, row.teacherName),
    categoryId: refOf(s.categoryId, row.categoryName),
    credits: s.credits,
    type: s.type,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
export type Subject = ReturnType<typeof toSubject>;

export function toCategory(row: typeof subjectCategories.$inferSelect, subjectCount: number) {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    subjectCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
