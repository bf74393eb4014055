import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { departments, employees } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { DEPARTMENT_TAKEN, type DepartmentCreateInput, type DepartmentUpdateInput, toDepartment } from './schemas';

/** The school's departments with how many employees (all, and active) each has; one statement. */
function selectDepartments(ctx: TenantContext) {
  return ctx.db
    .select({
      department: departments,
      employeeCount: sql<number>`count(${employees.id})`.mapWith(Number).as('employee_count'),
      activeCount: sql<number>`coalesce(sum(${employees.status} = 'active'), 0)`.mapWith(Number).as('active_count'),
    })
    .from(departments)
    .leftJoin(employees, and(eq(employees.departmentId, departments.id), eq(employees.schoolId, departments.schoolId)))
    .groupBy(departments.id);
}

type Counted = { department: typeof departments.$inferSelect; employeeCount: number; activeCount: number };
const shape = (row: Counted) =>
  toDepartment({ ...row.department, employeeCount: row.employeeCount, activeCount: row.activeCount });

export async function listDepartments(ctx: TenantContext) {
  const rows = await selectDepartments(ctx).where(ctx.scoped(departments)).orderBy(asc(departments.name));
  return rows.map(shape);
}

/** Another department of the school with this name, in any case. */
function sameName(ctx: TenantContext, name: string, exceptId = '') {
  return ctx.db
    .select({ id: departments.id })
    .from(departments)
    .where(
      ctx.scoped(departments, sql`lower(${departments.name}) = ${name.toLowerCase()}`, ne(departments.id, exceptId)),
    )
    .limit(1);
}

export async function createDepartment(ctx: TenantContext, input: DepartmentCreateInput) {
  const [taken] = await sameName(ctx, input.name);
  if (taken) throw new AppError(409, DEPARTMENT_TAKEN, { code: 'ALREADY_EXISTS' });
  const id = newId();
  try {
    const [[row]] = await ctx.db.batch([
      ctx.db
        .insert(departments)
        .values({ id, schoolId: ctx.schoolId, name: input.name, description: input.description ?? null })
        .returning(),
      activity(ctx, 'create', 'department', id, `Created department ${input.name}`),
    ]);
    return toDepartment({ ...row, employeeCount: 0, activeCount: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, DEPARTMENT_TAKEN, { code: 'ALREADY_EXISTS' });
    throw error;
  }
}

export async function updateDepartment(ctx: TenantContext, departmentId: string, input: DepartmentUpdateInput) {
  const [[current], taken] = await ctx.db.batch([
    selectDepartments(ctx)
      .where(ctx.scoped(departments, eq(departments.id, departmentId)))
      .limit(1),
    sameName(ctx, input.name ?? '', departmentId),
  ]);
  if (!current) throw notFound('Department');
  if (input.name && taken.length > 0) throw new AppError(409, DEPARTMENT_TAKEN, { code: 'ALREADY_EXISTS' });
  const set: Partial<typeof departments.$inferInsert> = { updatedAt: ctx.now().toISOString() };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  try {
    const [[row]] = await ctx.db.batch([
      ctx.db
        .update(departments)
        .set(set)
        .where(ctx.scoped(departments, eq(departments.id, departmentId)))
        .returning(),
      activity(
        ctx,
        'update',
        'department',
        departmentId,
        `Updated department ${input.name ?? current.department.name}`,
      ),
    ]);
    return toDepartment({ ...row, employeeCount: current.employeeCount, activeCount: current.activeCount });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, DEPARTMENT_TAKEN, { code: 'ALREADY_EXISTS' });
    throw error;
  }
}

/** A department still holding employees (active or not) cannot be deleted: 409 with how many. */
export async function deleteDepartment(ctx: TenantContext, departmentId: string) {
  const [[current], [used]] = await ctx.db.batch([
    ctx.db
      .select()
      .from(departments)
      .where(ctx.scoped(departments, eq(departments.id, departmentId)))
      .limit(1),
    ctx.db
      .select({ n: count() })
      .from(employees)
      .where(ctx.scoped(employees, eq(employees.departmentId, departmentId))),
  ]);
  if (!current) throw notFound('Department');
  if (used.n > 0) {
    throw new AppError(
      409,
      `This department has ${used.n} employee(s); move them to another department before deleting it`,
      { code: 'IN_USE' },
    );
  }
  await ctx.db.batch([
    ctx.db.delete(departments).where(ctx.scoped(departments, eq(departments.id, current.id))),
    activity(ctx, 'delete', 'department', current.id, `Deleted department ${current.name}`),
  ]);
  return { _id: current.id };
}
