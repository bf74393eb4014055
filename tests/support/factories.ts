import { nodeHasher } from '../../scripts/lib/node-hasher';
import { classes, parents, studentParents, students, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { PASSWORD, type TestApp, unique } from './app';

let passwordHash: Promise<string> | null = null;
/** One hash of PASSWORD per test file: argon2id is deliberately slow. */
export function hashOfPassword(): Promise<string> {
  passwordHash ??= nodeHasher.hash(PASSWORD);
  return passwordHash;
}

export async function createClass(t: TestApp, schoolId: string, values: Partial<typeof classes.$inferInsert> = {}) {
  const id = newId();
  await t.db.insert(classes).values({
    id,
    schoolId,
    name: '8',
    section: 'A',
    capacity: 40,
    academicYear: '2024-2025',
    ...values,
  });
  return id;
}

/** A student account in a class, with a parent account linked to it (or to an existing parent). */
export async function createStudent(
  t: TestApp,
  schoolId: string,
  options: { classId?: string; parentId?: string; name?: string } = {},
) {
  const hash = await hashOfPassword();
  const studentUserId = newId();
  const studentId = newId();
  const email = `${unique('student')}@example.org`.toLowerCase();
  const statements = [
    t.db.insert(users).values({
      id: studentUserId,
      schoolId,
      role: 'student',
      name: options.name ?? unique('Student'),
      email,
      passwordHash: hash,
    }),
    t.db.insert(students).values({
      id: studentId,
      schoolId,
      userId: studentUserId,
      classId: options.classId ?? null,
      rollNumber: unique('R'),
      admissionNumber: unique('ADM'),
      dateOfBirth: '2012-04-01',
      gender: 'female',
      admissionDate: '2024-04-01',
    }),
  ];
  let parentId = options.parentId;
  let parentEmail: string | undefined;
  if (!parentId) {
    const parentUserId = newId();
    parentId = newId();
    parentEmail = `${unique('parent')}@example.org`.toLowerCase();
    statements.push(
      t.db.insert(users).values({
        id: parentUserId,
        schoolId,
        role: 'parent',
        name: unique('Parent'),
        email: parentEmail,
        passwordHash: hash,
      }) as never,
      t.db.insert(parents).values({ id: parentId, schoolId, userId: parentUserId }) as never,
    );
  }
  statements.push(t.db.insert(studentParents).values({ schoolId, studentId, parentId, relation: 'father' }) as never);
  await t.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return { studentId, email, parentId, parentEmail };
}
