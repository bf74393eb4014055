import { sql } from 'drizzle-orm';
import { type TestApp, unique } from './app';

/** A full enrolment payload (both spec documents) with a father; override what a test is about. */
export function enrolment(classId: string, overrides: Record<string, unknown> = {}) {
  const tag = unique('kid').toLowerCase();
  return {
    name: 'Asha Rao',
    classId,
    rollNumber: String(Math.floor(Math.random() * 1_000_000)),
    email: `${tag}@example.org`,
    password: 'student-pw-1',
    phone: '+91 98765 43210',
    dateOfBirth: '2012-04-01',
    gender: 'female',
    address: { street: '12 Lake Road', city: 'Pune', state: 'MH', zipCode: '411001' },
    parentInfo: {
      fatherName: 'Ravi Rao',
      fatherPhone: '+91 90000 00001',
      fatherEmail: `${tag}.father@example.org`,
      fatherPassword: 'father-pw-1',
    },
    ...overrides,
  };
}

/** Row counts of the tables an enrolment or an import writes, to prove a failure wrote nothing. */
export async function peopleCounts(t: TestApp) {
  const [row] = await t.db.all<Record<string, number>>(sql`select
    (select count(*) from users) as users,
    (select count(*) from students) as students,
    (select count(*) from parents) as parents,
    (select count(*) from student_parents) as links`);
  return { ...row };
}

/** The activity-log rows of a school for one entity id, newest last. */
export function activityOf(t: TestApp, schoolId: string, entityId: string) {
  return t.db.all<{ action: string; entity: string; summary: string }>(
    sql`select action, entity, summary from activity_logs where school_id = ${schoolId} and entity_id = ${entityId} order by created_at, rowid`,
  );
}

/** A minimal valid PDF: enough for the type check, the store and the download. */
export function tinyPdf(text = 'Birth certificate'): Uint8Array {
  return new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
