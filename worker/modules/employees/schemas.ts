import { z } from 'zod';
import { type departments, type employees, staffAttendanceStatuses } from '../../db/schema';
import { dateField, optionalText, refId, requiredDate, schoolDate, searchField } from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';

export const RECRUITED = 'Employee recruited successfully!';
export const UPDATED = 'Employee updated successfully!';
export const MARKED = 'Attendance marked successfully';
export const FUTURE_DATE = 'Attendance cannot be marked for a future date';
export const DEPARTMENT_TAKEN = 'A department with this name already exists';
export const MAX_MARKS = 1000;
/** The longest range one CSV export covers. */
export const MAX_EXPORT_DAYS = 366;

const missing = (input: unknown) => input === undefined || input === null || input === '';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Monthly salary in major units, whole or with up to two decimals, not negative; stored in minor units. */
const salaryField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.coerce
    .number({ error: 'Salary must be a number' })
    .min(0, 'Salary cannot be negative')
    .max(100_000_000, 'Salary is too large')
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Salary can have at most 2 decimals')
    .transform((value) => Math.round(value * 100))
    .optional(),
);

const emailField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: 'Email is invalid' })
    .trim()
    .max(254, 'Email is too long')
    .pipe(z.email({ error: 'Email is invalid' }))
    .transform((email) => email.toLowerCase())
    .nullable()
    .optional(),
);

const joinDateField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  schoolDate('Join date').nullable().optional(),
);

/** The department arrives as `department` (its id or its name) or as `departmentId`; one field after this. */
const mergeDepartment = (body: unknown) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { departmentId, ...rest } = body as Record<string, unknown>;
  const department = rest.department;
  const given = typeof department === 'string' && department.trim() !== '' ? department : undefined;
  return departmentId === undefined || given !== undefined ? rest : { ...rest, department: departmentId };
};

const employeeFields = {
  name: requiredText('Name', 120),
  position: requiredText('Position', 80),
  department: requiredText('Department', 100),
  email: emailField,
  phone: optionalText(40, 'Phone'),
  salary: salaryField,
  joinDate: joinDateField,
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
};

/** Name, position and department (id or name) are required; email, phone, salary and join date are optional. */
export const employeeCreateBody = z.preprocess(mergeDepartment, z.object(employeeFields));
export type EmployeeCreateInput = z.infer<typeof employeeCreateBody>;

export const employeeUpdateBody = z.preprocess(
  mergeDepartment,
  z
    .object({
      ...employeeFields,
      name: employeeFields.name.optional(),
      position: employeeFields.position.optional(),
      department: employeeFields.department.optional(),
    })
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      message: 'Give at least one field to change',
      path: ['name'],
    }),
);
export type EmployeeUpdateInput = z.infer<typeof employeeUpdateBody>;

export const employeeListQuery = pagingQuery(50, 500).extend({
  search: searchField,
  departmentId: refId('Department').optional(),
  status: z.enum(['active', 'inactive', 'all'], { error: 'Status must be active, inactive or all' }).optional(),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuery>;

/** `?permanent=true` removes an employee who has no attendance history; otherwise DELETE deactivates. */
export const employeeDeleteQuery = z.object({
  permanent: z
    .enum(['true', 'false'], { error: "Must be 'true' or 'false'" })
    .transform((value) => value === 'true')
    .optional(),
});

export const departmentCreateBody = z.object({
  name: requiredText('Name', 80),
  description: optionalText(500, 'Description'),
});
export type DepartmentCreateInput = z.infer<typeof departmentCreateBody>;

export const departmentUpdateBody = z
  .object({ name: requiredText('Name', 80).optional(), description: optionalText(500, 'Description') })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: 'Give a name or a description to change',
    path: ['name'],
  });
export type DepartmentUpdateInput = z.infer<typeof departmentUpdateBody>;

const status = z.enum(staffAttendanceStatuses, {
  error: (issue) => (missing(issue.input) ? 'Status is required' : 'Status must be present, absent, late or half-day'),
});
const markFields = { employeeId: refId('Employee'), status, remarks: optionalText(500, 'Remarks') };

/** One mark `{ employeeId, date, status, remarks }` or many `{ date, records: [{ employeeId, status, remarks }] }`. */
export const employeeMarkBody = z
  .object({
    date: requiredDate('Date'),
    employeeId: markFields.employeeId.optional(),
    status: status.optional(),
    remarks: markFields.remarks,
    records: z
      .array(z.object(markFields), { error: 'Records must be a list' })
      .min(1, 'Records must list at least one employee')
      .max(MAX_MARKS, `At most ${MAX_MARKS} employees at once`)
      .refine((records) => new Set(records.map((r) => r.employeeId)).size === records.length, {
        message: 'An employee is listed more than once',
      })
      .optional(),
  })
  .superRefine((body, issue) => {
    if (body.records) return;
    if (!body.employeeId) issue.addIssue({ code: 'custom', message: 'Employee is required', path: ['employeeId'] });
    if (!body.status) issue.addIssue({ code: 'custom', message: 'Status is required', path: ['status'] });
  })
  .transform(({ date, records, employeeId, status, remarks }) => ({
    date,
    records: records ?? [{ employeeId: employeeId ?? '', status: status ?? 'present', remarks }],
  }));
export type EmployeeMarkInput = z.infer<typeof employeeMarkBody>;

export const attendanceDateQuery = z.object({ date: dateField('Date') });

export const attendanceExportQuery = z
  .object({
    startDate: dateField('Start date'),
    endDate: dateField('End date'),
    departmentId: refId('Department').optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'Start date must not be after end date',
    path: ['startDate'],
  });
export type AttendanceExportQuery = z.infer<typeof attendanceExportQuery>;

export interface EmployeeRow {
  employee: typeof employees.$inferSelect;
  departmentName: string | null;
}

/**
 * `{ _id, name, position, email, phone, department: name, departmentId: { _id, name }, salary (major units),
 * joinDate, status, createdAt, updatedAt }`
 */
export function toEmployee(row: EmployeeRow) {
  const e = row.employee;
  return {
    _id: e.id,
    id: e.id,
    name: e.name,
    position: e.position,
    email: e.email,
    phone: e.phone,
    department: row.departmentName ?? '',
    departmentId: { _id: e.departmentId, name: row.departmentName ?? '' },
    salary: e.salaryMinor / 100,
    joinDate: e.joinedOn,
    status: e.status,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}
export type Employee = ReturnType<typeof toEmployee>;

export function toDepartment(row: typeof departments.$inferSelect & { employeeCount: number; activeCount: number }) {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    employeeCount: row.employeeCount,
    activeEmployees: row.activeCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
