import type { SQL } from 'drizzle-orm';
import type { students, users } from './schema';

type UserRow = typeof users.$inferInsert;
type StudentRow = typeof students.$inferInsert;

/** What makes a student: their sign-in account and their school record, as every place that creates one knows it. */
export interface NewStudent<Admission extends string | SQL<string> = string> {
  id: string;
  userId: string;
  schoolId: string;
  name: string;
  email: string;
  phone?: string | null;
  passwordHash: string;
  passwordChangeRequired?: boolean;
  classId: string | null;
  rollNumber: string;
  /** The number, or (at enrolment) the statement that numbers it inside the write. */
  admissionNumber: Admission;
  dateOfBirth: string;
  gender: StudentRow['gender'];
  admissionDate: string;
  status?: StudentRow['status'];
  address?: { street?: string | null; city?: string | null; state?: string | null; zipCode?: string | null } | null;
  /** When the rows were made (`createdAt` and `updatedAt`); the database's clock when absent. */
  at?: string;
}

/**
 * The account and the student rows of one student. Enrolment, the import, the demo and large-school seeds and the
 * test factories all build them here, so a new column is added in one place.
 */
export function studentRows<Admission extends string | SQL<string> = string>(
  s: NewStudent<Admission>,
): { user: UserRow; student: Omit<StudentRow, 'admissionNumber'> & { admissionNumber: Admission } } {
  const stamp = s.at ? { createdAt: s.at, updatedAt: s.at } : {};
  return {
    user: {
      id: s.userId,
      schoolId: s.schoolId,
      role: 'student',
      name: s.name,
      email: s.email,
      phone: s.phone ?? null,
      passwordHash: s.passwordHash,
      passwordChangeRequired: s.passwordChangeRequired ?? false,
      ...stamp,
    },
    student: {
      id: s.id,
      schoolId: s.schoolId,
      userId: s.userId,
      classId: s.classId,
      rollNumber: s.rollNumber,
      admissionNumber: s.admissionNumber,
      dateOfBirth: s.dateOfBirth,
      gender: s.gender,
      admissionDate: s.admissionDate,
      status: s.status ?? 'active',
      addressStreet: s.address?.street ?? null,
      addressCity: s.address?.city ?? null,
      addressState: s.address?.state ?? null,
      addressZip: s.address?.zipCode ?? null,
      ...stamp,
    },
  };
}
