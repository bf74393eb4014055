import { z } from 'zod';
import type { students } from '../../db/schema';
import { pagingQuery } from '../../lib/paging';
import { refId, searchField } from '../classes/fields';
import { classRefOf } from '../classes/refs';

/** `search` matches name, roll number or email; the classroom screen asks for up to 1000 at once. */
export const studentListQuery = pagingQuery(50, 1000).extend({
  search: searchField,
  classId: refId('Class').optional(),
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
});
export type StudentListQuery = z.infer<typeof studentListQuery>;

export const assignClassBody = z.object({ classId: refId('Class') });

export interface StudentRow {
  student: typeof students.$inferSelect;
  name: string | null;
  email: string | null;
  phone: string | null;
  className: string | null;
  classSection: string | null;
}

/** `{ _id, name, email, phone, rollNumber, admissionNumber, status, …, classId: {_id,name,section}|null }` */
export function toStudent(row: StudentRow) {
  const s = row.student;
  return {
    _id: s.id,
    name: row.name ?? '',
    email: row.email,
    phone: row.phone,
    rollNumber: s.rollNumber,
    admissionNumber: s.admissionNumber,
    status: s.status,
    gender: s.gender,
    dateOfBirth: s.dateOfBirth,
    admissionDate: s.admissionDate,
    address: { street: s.addressStreet, city: s.addressCity, state: s.addressState, zipCode: s.addressZip },
    classId: classRefOf(s.classId, row.className, row.classSection),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
export type Student = ReturnType<typeof toStudent>;
