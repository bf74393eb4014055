import { env, exports } from 'cloudflare:workers';
import { jsonInserts } from '../../worker/db/bulk';
import { d1Database } from '../../worker/db/d1';
import { DbMeter } from '../../worker/db/meter';
import { classes, schools, students, subjects, teachers, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { issueToken } from '../../worker/lib/tokens';

/** The Worker entry as workerd runs it, and the D1 database it reads. */
export const worker = (exports as unknown as { default: Fetcher }).default;
export const db = d1Database(env.DB, new DbMeter());

export async function call(token: string, path: string, method = 'GET', json?: unknown) {
  const res = await worker.fetch(`http://portal.test${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * A school written straight into D1: an administrator, a teacher, class 7-B with Geography and twelve pupils, and a
 * token for the teacher and one for the administrator; `date` is yesterday.
 */
export async function d1Classroom() {
  const schoolId = newId();
  const adminId = newId();
  const teacherUserId = newId();
  const teacherId = newId();
  const classId = newId();
  const subjectId = newId();
  const size = 12;
  const pupils = Array.from({ length: size }, (_, i) => ({
    userId: newId(),
    studentId: newId(),
    roll: String(i + 1),
  }));
  const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await db.batch([
    db.insert(schools).values({ id: schoolId, name: 'D1 Register School', code: `D1R-${schoolId.slice(0, 6)}` }),
    db.insert(users).values({
      id: adminId,
      schoolId,
      role: 'school_admin',
      name: 'Ada Admin',
      email: `a.${adminId}@d1.example`,
      passwordHash: 'x',
    }),
    db.insert(users).values({
      id: teacherUserId,
      schoolId,
      role: 'teacher',
      name: 'Rita Rao',
      email: `t.${teacherUserId}@d1.example`,
      passwordHash: 'x',
    }),
    db.insert(teachers).values({ id: teacherId, schoolId, userId: teacherUserId }),
    db.insert(classes).values({
      id: classId,
      schoolId,
      name: '7',
      section: 'B',
      capacity: 40,
      academicYear: '2024-2025',
      teacherId,
    }),
    db.insert(subjects).values({ id: subjectId, schoolId, name: 'Geography', classId, teacherId }),
    ...jsonInserts(
      db,
      users,
      pupils.map((p) => ({
        id: p.userId,
        schoolId,
        role: 'student' as const,
        name: `Pupil ${p.roll}`,
        email: `p.${p.userId}@d1.example`,
        passwordHash: 'x',
      })),
    ),
    ...jsonInserts(
      db,
      students,
      pupils.map((p) => ({
        id: p.studentId,
        schoolId,
        userId: p.userId,
        classId,
        rollNumber: p.roll,
        admissionNumber: `A${p.roll}`,
        dateOfBirth: '2012-01-01',
        gender: 'male' as const,
        admissionDate: '2024-04-01',
      })),
    ),
  ] as unknown as [never]);
  const { token } = await issueToken(
    env.JWT_SECRET,
    { userId: teacherUserId, schoolId, role: 'teacher', tokenVersion: 0 },
    new Date(),
  );
  const { token: adminToken } = await issueToken(
    env.JWT_SECRET,
    { userId: adminId, schoolId, role: 'school_admin', tokenVersion: 0 },
    new Date(),
  );
  return { schoolId, adminId, teacherUserId, teacherId, classId, subjectId, size, pupils, date, token, adminToken };
}
