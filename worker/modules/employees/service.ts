import { asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import { departments, employeeAttendance, employees } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { contains, named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import {
  type EmployeeCreateInput,
  type EmployeeListQuery,
  type EmployeeRow,
  type EmployeeUpdateInput,
  toEmployee,
} from './schemas';

/** Employees with the name of their department (aliased: D1 batches key columns by name). */
export function selectEmployees(ctx: TenantContext) {
  return ctx.db
    .select({ employee: employees, departmentName: named(departments.name, 'department_name') })
    .from(employees)
    .leftJoin(departments, eq(departments.id, employees.departmentId));
}

/** The school's department with this id, or else with this name (any case): one statement, for a batch. */
export function departmentByIdOrName(ctx: TenantContext, ref: string) {
  return ctx.db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(ctx.scoped(departments, or(eq(departments.id, ref), sql`lower(${departments.name}) = ${ref.toLowerCase()}`)))
    .orderBy(sql`${departments.id} = ${ref} desc`)
    .limit(1);
}

function employeeLookup(ctx: TenantContext, employeeId: string) {
  return selectEmployees(ctx)
    .where(ctx.scoped(employees, eq(employees.id, employeeId)))
    .limit(1);
}

/** `search` matches name, email, phone, position or department; `status` absent or `all` lists both. */
export async function listEmployees(ctx: TenantContext, query: EmployeeListQuery) {
  const where = ctx.scoped(
    employees,
    query.status && query.status !== 'all' ? eq(employees.status, query.status) : undefined,
    query.departmentId ? eq(employees.departmentId, query.departmentId) : undefined,
    query.search
      ? (or(
          contains(employees.name, query.search),
          contains(employees.email, query.search),
          contains(employees.phone, query.search),
          contains(employees.position, query.search),
          contains(departments.name, query.search),
        ) as SQL)
      : undefined,
  );
  const [rows, [{ total }]] = await ctx.db.batch([
    selectEmployees(ctx)
      .where(where)
      .orderBy(asc(employees.name), asc(employees.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ total: count() })
      .from(employees)
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .where(where),
  ]);
  return { employees: rows.map(toEmployee), total };
}

export async function getEmployee(ctx: TenantContext, employeeId: string) {
  const [row] = await employeeLookup(ctx, employeeId);
  if (!row) throw notFound('Employee');
  return toEmployee(row);
}

/** A new employee; the join date defaults to the school's today. Two round trips: lookups, then the write. */
export async function recruitEmployee(ctx: TenantContext, input: EmployeeCreateInput) {
  const ref = input.department;
  const [[department], today] = await Promise.all([departmentByIdOrName(ctx, ref), ctx.today()]);
  if (!department) throw notFound('Department');
  const id = newId();
  const now = ctx.now().toISOString();
  const [[row]] = await ctx.db.batch([
    ctx.db
      .insert(employees)
      .values({
        id,
        schoolId: ctx.schoolId,
        name: input.name,
        position: input.position,
        departmentId: department.id,
        email: input.email ?? null,
        phone: input.phone ?? null,
        salaryMinor: input.salary ?? 0,
        joinedOn: input.joinDate ?? today,
        status: input.status ?? 'active',
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
    activity(ctx, 'create', 'employee', id, `Recruited ${input.name} (${input.position}, ${department.name})`),
  ]);
  return toEmployee({ employee: row, departmentName: department.name });
}

export async function updateEmployee(ctx: TenantContext, employeeId: string, input: EmployeeUpdateInput) {
  const ref = input.department ?? '';
  const [[current], [department]] = await ctx.db.batch([
    employeeLookup(ctx, employeeId),
    departmentByIdOrName(ctx, ref),
  ]);
  if (!current) throw notFound('Employee');
  if (ref && !department) throw notFound('Department');
  const set: Partial<typeof employees.$inferInsert> = { updatedAt: ctx.now().toISOString() };
  if (input.name !== undefined) set.name = input.name;
  if (input.position !== undefined) set.position = input.position;
  if (department) set.departmentId = department.id;
  if (input.email !== undefined) set.email = input.email;
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.salary !== undefined) set.salaryMinor = input.salary;
  if (input.joinDate !== undefined) set.joinedOn = input.joinDate;
  if (input.status !== undefined) set.status = input.status;
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(employees)
      .set(set)
      .where(ctx.scoped(employees, eq(employees.id, current.employee.id)))
      .returning(),
    activity(
      ctx,
      'update',
      'employee',
      current.employee.id,
      `Updated employee ${set.name ?? current.employee.name} (${Object.keys(input).join(', ')})`,
    ),
  ]);
  return toEmployee({ employee: row, departmentName: department?.name ?? current.departmentName });
}

/**
 * `DELETE /api/employees/:id` deactivates (status 'inactive'): the employee leaves the attendance register and
 * the active list, and their attendance history stays; `PUT { status: 'active' }` brings them back. With
 * `?permanent=true` the record is removed, allowed only while it has no attendance marks (409 otherwise).
 */
export async function removeEmployee(ctx: TenantContext, employeeId: string, permanent = false) {
  const { db } = ctx;
  const [[current], [marks]] = await db.batch([
    employeeLookup(ctx, employeeId),
    db
      .select({ n: count() })
      .from(employeeAttendance)
      .where(ctx.scoped(employeeAttendance, eq(employeeAttendance.employeeId, employeeId))),
  ]);
  if (!current) throw notFound('Employee');
  const e = current.employee;
  if (permanent) {
    if (marks.n > 0) {
      throw new AppError(
        409,
        `This employee has ${marks.n} attendance mark(s); deactivate them instead to keep that history`,
        { code: 'IN_USE' },
      );
    }
    await db.batch([
      db.delete(employees).where(ctx.scoped(employees, eq(employees.id, e.id))),
      activity(ctx, 'delete', 'employee', e.id, `Removed employee ${e.name}`),
    ]);
    return { message: 'Employee removed successfully', data: { _id: e.id, removed: true } };
  }
  const now = ctx.now().toISOString();
  await db.batch([
    db
      .update(employees)
      .set({ status: 'inactive', updatedAt: now })
      .where(ctx.scoped(employees, eq(employees.id, e.id))),
    activity(ctx, 'delete', 'employee', e.id, `Deactivated employee ${e.name}`),
  ]);
  const row: EmployeeRow = { ...current, employee: { ...e, status: 'inactive', updatedAt: now } };
  return { message: 'Employee deactivated successfully', data: { ...toEmployee(row), removed: false } };
}
