import { and, eq, isNotNull } from 'drizzle-orm';
import { getServerByName, routePartykitRequest } from 'partyserver';
import type { Audience } from '../../party/audience';
import { MEMBER_HEADER, type Member } from '../../party/school-room';
import type { Database } from '../db/database';
import { classes, parents, studentParents, students, subjects, subjectTeachers, teachers } from '../db/schema';
import type { Env } from '../env';
import type { Deps, Session } from './context';
import { neverFailing, type Publisher } from './events';
import { consumeTicket } from './realtime-tickets';

/** The classes whose events a person may receive (every class for an administrator). */
export async function audienceOf(
  db: Database,
  session: Pick<Session, 'role' | 'userId' | 'schoolId'>,
): Promise<Audience> {
  const base = { role: session.role, userId: session.userId };
  if (session.role === 'school_admin') return { ...base, classIds: [] };
  let rows: { classId: string | null }[] = [];
  if (session.role === 'teacher') {
    const [teacher] = await db
      .select({ id: teachers.id })
      .from(teachers)
      .where(and(eq(teachers.schoolId, session.schoolId), eq(teachers.userId, session.userId)));
    if (teacher) {
      const [own, taught, coTaught] = await db.batch([
        db
          .select({ classId: classes.id })
          .from(classes)
          .where(and(eq(classes.schoolId, session.schoolId), eq(classes.teacherId, teacher.id))),
        db
          .select({ classId: subjects.classId })
          .from(subjects)
          .where(
            and(
              eq(subjects.schoolId, session.schoolId),
              eq(subjects.teacherId, teacher.id),
              isNotNull(subjects.classId),
            ),
          ),
        db
          .select({ classId: subjects.classId })
          .from(subjectTeachers)
          .innerJoin(subjects, eq(subjects.id, subjectTeachers.subjectId))
          .where(and(eq(subjectTeachers.schoolId, session.schoolId), eq(subjectTeachers.teacherId, teacher.id))),
      ]);
      rows = [...own, ...taught, ...coTaught];
    }
  } else if (session.role === 'student') {
    rows = await db
      .select({ classId: students.classId })
      .from(students)
      .where(and(eq(students.schoolId, session.schoolId), eq(students.userId, session.userId)));
  } else {
    rows = await db
      .select({ classId: students.classId })
      .from(parents)
      .innerJoin(studentParents, eq(studentParents.parentId, parents.id))
      .innerJoin(students, eq(students.id, studentParents.studentId))
      .where(and(eq(parents.schoolId, session.schoolId), eq(parents.userId, session.userId)));
  }
  const classIds = [...new Set(rows.map((r) => r.classId).filter((id): id is string => Boolean(id)))];
  return { ...base, classIds };
}

const ROOM_PATH = /^\/parties\/school\/[^/]+\/?$/;
const refuse = (status: 401 | 404) =>
  new Response(status === 404 ? 'Not found' : 'Unauthorized', { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * Routes /parties/school/<schoolId>: only WebSocket upgrades with an unused, unexpired `ticket` of that very
 * school (from `POST /api/realtime/ticket`) are admitted; a `token` in the URL is refused. The ticket is dropped
 * from the URL the room keeps, and the room is told whom the socket belongs to and until when.
 */
export async function routeRealtime(
  request: Request,
  env: Env,
  deps: Pick<Deps, 'now'> & { schoolDatabase(schoolId: string): Promise<Database | null> },
) {
  // Any other path is answered here: partyserver would log the whole URL, query string and all.
  if (!ROOM_PATH.test(new URL(request.url).pathname)) return refuse(404);
  const response = await routePartykitRequest(request, env as never, {
    onBeforeRequest: () => refuse(404),
    onBeforeConnect: async (req, lobby) => {
      if (lobby.className !== 'School') return refuse(404);
      const url = new URL(req.url);
      const ticket = url.searchParams.get('ticket');
      if (!ticket || url.searchParams.has('token')) return refuse(401);
      const admittedAt = deps.now();
      // The room's name is the school's id: its tickets live in its shard.
      const db = await deps.schoolDatabase(lobby.name);
      if (!db) return refuse(401);
      const admitted = await consumeTicket(db, ticket, lobby.name, admittedAt);
      if (!admitted) return refuse(401);
      const audience = await audienceOf(db, admitted);
      url.searchParams.delete('ticket');
      const headers = new Headers(req.headers);
      const member: Member = {
        ...audience,
        jti: admitted.jti,
        sessionExpiresAt: admitted.sessionExpiresAt,
        admittedAt: admittedAt.getTime(),
      };
      headers.set(MEMBER_HEADER, JSON.stringify(member));
      return new Request(url.toString(), { method: req.method, headers });
    },
  });
  return response ?? refuse(404);
}

/**
 * Delivers events to the school's room. A room that is away never fails the write that published
 * into it: the failure is logged and the request goes on.
 */
export function roomPublisher(env: Env, log: (line: string) => void): Publisher {
  return neverFailing(async (schoolId, event) => {
    const room = await getServerByName(env.School, schoolId);
    await room.deliver(event);
  }, log);
}
