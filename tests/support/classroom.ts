import { expect } from 'vitest';
import { createTestSchool, PASSWORD, roundTrips, signIn, type TestApp } from './app';
import { addSubject, addTeacher, createClass } from './factories';

export interface Call {
  status: number;
  body: any;
  trips: number;
}

/** A signed-in caller: every call answers its status, parsed body and database round trips. */
export function caller(t: TestApp, token?: string) {
  const send = async (method: string, path: string, json?: unknown): Promise<Call> => {
    const res = await t.request(path, { method, token, json });
    return { status: res.status, body: await res.json(), trips: roundTrips(res) };
  };
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, json: unknown = {}) => send('POST', path, json),
    put: (path: string, json: unknown = {}) => send('PUT', path, json),
    del: (path: string) => send('DELETE', path),
  };
}
export type Caller = ReturnType<typeof caller>;

/** A new school with its administrator signed in. */
export async function schoolWithAdmin(t: TestApp) {
  const school = await createTestSchool(t);
  const token = await signIn(t, school.adminEmail);
  return { ...school, token, admin: caller(t, token) };
}

export async function teacherCaller(t: TestApp, email: string) {
  return caller(t, await signIn(t, email, PASSWORD, '/api/teachers/login'));
}

/** A school with a teacher, a class (8-A, room 101) taught by them and one subject of that class. */
export async function classroom(t: TestApp) {
  const school = await schoolWithAdmin(t);
  const teacher = await addTeacher(t, school.schoolId, { name: 'Rahul Verma' });
  const classId = await createClass(t, school.schoolId, {
    name: '8',
    section: 'A',
    room: '101',
    teacherId: teacher.teacherId,
  });
  const subjectId = await addSubject(t, school.schoolId, {
    name: 'Mathematics',
    code: 'MATH8',
    classId,
    teacherId: teacher.teacherId,
  });
  return { ...school, teacher, classId, subjectId };
}

/**
 * A term (April to September 2025) and the body of a test of 50 marks in it for the classroom's subject, the term
 * made through the API as the office makes it.
 */
export async function classroomTerm(w: { admin: Caller; classId: string; subjectId: string }) {
  const term = await w.admin.post('/api/grades/terms', {
    name: 'Term 1',
    startDate: '2025-04-01',
    endDate: '2025-09-30',
  });
  const assessment = {
    classId: w.classId,
    subjectId: w.subjectId,
    termId: term.body.data._id as string,
    title: 'Unit test 1',
    type: 'test',
    date: '2025-09-15',
    maxMarks: 50,
  };
  return { assessment, termId: assessment.termId };
}

/** `classroomTerm`'s test, made: `made` is the answer, `id` its key. */
export async function classroomAssessment(w: { admin: Caller; classId: string; subjectId: string }) {
  const { assessment, termId } = await classroomTerm(w);
  const made = await w.admin.post('/api/grades/assessments', assessment);
  return { assessment, termId, made, id: made.body.data?._id as string };
}

/** The refusal's status and message and, when given, its stable code (what clients match). */
export function expectError(call: Call, status: number, error: string, code?: string) {
  expect({ status: call.status, error: call.body.error }).toEqual({ status, error });
  if (code) expect(call.body.code).toBe(code);
}
