import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { schools } from '../../worker/db/schema';
import { PASSWORD, signIn, type TestApp } from './app';
import { type Caller, caller, classroom, teacherCaller } from './classroom';
import { addTeacher } from './factories';
import { enrolment } from './students';

/** Class 8-A (Asia/Kolkata) with Mathematics taught by its teacher, two enrolled pupils with their fathers. */
export async function homeworkClass(t: TestApp) {
  const w = await classroom(t);
  const db = await t.dbOf(w.schoolId);
  await db.update(schools).set({ timeZone: 'Asia/Kolkata' }).where(eq(schools.id, w.schoolId));
  const enrol = async () => {
    const payload = enrolment(w.classId);
    const made = await w.admin.post('/api/students', payload);
    expect(made.status).toBe(201);
    const tokens = {
      student: await signIn(t, payload.email, 'student-pw-1', '/api/students/login'),
      parent: await signIn(t, payload.parentInfo.fatherEmail, 'father-pw-1', '/api/students/parents/login'),
    };
    return {
      id: made.body.data._id as string,
      student: caller(t, tokens.student),
      parent: caller(t, tokens.parent),
      tokens,
    };
  };
  const asha = await enrol();
  const ravi = await enrol();
  const teacherToken = await signIn(t, w.teacher.email, PASSWORD, '/api/teachers/login');
  const teacher = caller(t, teacherToken);
  const stranger = await addTeacher(t, w.schoolId, { name: 'Meera Iyer' });
  const strangerCaller = await teacherCaller(t, stranger.email);
  return { ...w, asha, ravi, teacher, teacherEmail: w.teacher.email, teacherToken, stranger: strangerCaller };
}

export const homeworkBody = (w: { classId: string; subjectId: string }, extra: Record<string, unknown> = {}) => ({
  classId: w.classId,
  subjectId: w.subjectId,
  title: 'Fractions worksheet',
  instructions: 'Do questions 1 to 10.',
  dueDate: '2025-09-12',
  dueTime: '17:00',
  maxMarks: 20,
  ...extra,
});

export type HomeworkClass = Awaited<ReturnType<typeof homeworkClass>>;

export async function setHomework(w: HomeworkClass, who: Caller = w.teacher, extra = {}) {
  const made = await who.post('/api/homework', homeworkBody(w, extra));
  expect(made.status).toBe(201);
  return made.body.data._id as string;
}
