import { asc, desc, eq, sql } from 'drizzle-orm';
import { classes, students, studentTasks, taskPriorities, taskStatuses, users } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { callerTeaches } from '../../lib/class-access';
import { notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { isFamilyOf } from './access';
import { ownStudent } from './files';
import type { TaskInput, TasksQuery, TaskUpdate } from './schemas';

const priorityOf = (code: number) => taskPriorities[code] ?? 'medium';
const statusOf = (code: number) => taskStatuses[code] ?? 'pending';

/** Whose tasks the caller reads: a student their own, a parent their children's, a teacher their classes', the office all. */
function readable(ctx: TenantContext) {
  const role = ctx.session.role;
  if (role === 'student' || role === 'parent') return sql`${isFamilyOf(ctx, sql`${studentTasks.studentId}`)} = 1`;
  if (role === 'teacher') return sql`${callerTeaches(ctx, students.classId)} = 1`;
  return undefined;
}

function selectTasks(ctx: TenantContext) {
  return ctx.db
    .select({
      id: studentTasks.id,
      studentId: studentTasks.studentId,
      studentName: named(users.name, 'student_name'),
      classId: students.classId,
      className: named(classes.name, 'class_name'),
      classSection: named(classes.section, 'class_section'),
      title: studentTasks.title,
      priority: studentTasks.priority,
      status: studentTasks.status,
      dueDate: studentTasks.dueDate,
      createdAt: studentTasks.createdAt,
      updatedAt: studentTasks.updatedAt,
    })
    .from(studentTasks)
    .innerJoin(students, eq(students.id, studentTasks.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(classes, eq(classes.id, students.classId));
}
type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];

function toTask(row: TaskRow) {
  return {
    _id: row.id,
    student: { _id: row.studentId, name: row.studentName ?? '' },
    class: row.classId ? { _id: row.classId, name: row.className ?? '', section: row.classSection ?? '' } : null,
    title: row.title,
    priority: priorityOf(row.priority),
    status: statusOf(row.status),
    dueDate: row.dueDate,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** `GET /api/homework/tasks`: open tasks first, then by due date; paged. One round trip. */
export async function listTasks(ctx: TenantContext, query: TasksQuery) {
  const where = ctx.scoped(
    studentTasks,
    readable(ctx),
    query.studentId ? eq(studentTasks.studentId, query.studentId) : undefined,
    query.status ? eq(studentTasks.status, taskStatuses.indexOf(query.status)) : undefined,
  );
  const [rows, [total]] = await ctx.db.batch([
    selectTasks(ctx)
      .where(where)
      .orderBy(
        asc(studentTasks.status),
        sql`${studentTasks.dueDate} is null`,
        asc(studentTasks.dueDate),
        desc(studentTasks.createdAt),
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(studentTasks)
      .innerJoin(students, eq(students.id, studentTasks.studentId))
      .where(where),
  ]);
  return { rows: rows.map(toTask), total: total?.n ?? 0 };
}

const taskById = (ctx: TenantContext, id: string) =>
  selectTasks(ctx)
    .where(ctx.scoped(studentTasks, eq(studentTasks.id, id), sql`${students.userId} = ${ctx.session.userId}`))
    .limit(1);

/** `POST /api/homework/tasks`: a student's own to-do. */
export async function createTask(ctx: TenantContext, input: TaskInput) {
  const [me] = await ownStudent(ctx);
  if (!me) throw notFound('Student');
  const id = newId();
  const now = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db.insert(studentTasks).values({
      id,
      schoolId: ctx.schoolId,
      studentId: me.id,
      title: input.title,
      priority: taskPriorities.indexOf(input.priority),
      status: taskStatuses.indexOf(input.status),
      dueDate: input.dueDate ?? null,
      createdAt: now,
      updatedAt: now,
    }),
    activity(ctx, 'create', 'student_task', id, `Added the task "${input.title}"`),
  ]);
  const [row] = await taskById(ctx, id);
  if (!row) throw notFound('Task');
  return toTask(row);
}

/** `PUT /api/homework/tasks/:id`: the student's own task only; anyone else's answers 404. */
export async function updateTask(ctx: TenantContext, id: string, input: TaskUpdate) {
  const [row] = await taskById(ctx, id);
  if (!row) throw notFound('Task');
  const next = {
    title: input.title ?? row.title,
    priority: input.priority ? taskPriorities.indexOf(input.priority) : row.priority,
    status: input.status ? taskStatuses.indexOf(input.status) : row.status,
    dueDate: input.dueDate === undefined ? row.dueDate : input.dueDate,
    updatedAt: ctx.now().toISOString(),
  };
  await ctx.db.batch([
    ctx.db
      .update(studentTasks)
      .set(next)
      .where(ctx.scoped(studentTasks, eq(studentTasks.id, id))),
    activity(ctx, 'update', 'student_task', id, `Changed the task "${row.title}" (${statusOf(next.status)})`),
  ]);
  return toTask({ ...row, ...next });
}

/** `DELETE /api/homework/tasks/:id`. */
export async function deleteTask(ctx: TenantContext, id: string) {
  const [row] = await taskById(ctx, id);
  if (!row) throw notFound('Task');
  await ctx.db.batch([
    ctx.db.delete(studentTasks).where(ctx.scoped(studentTasks, eq(studentTasks.id, id))),
    activity(ctx, 'delete', 'student_task', id, `Deleted the task "${row.title}"`),
  ]);
  return { _id: id };
}
