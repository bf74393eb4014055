import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import {
  createDepartmentAnswer,
  deleteDepartmentAnswer,
  employeeAttendanceByDateAnswer,
  exportEmployeeAttendanceAnswer,
  getEmployeeAnswer,
  listDepartmentsAnswer,
  listEmployeesAnswer,
  markEmployeesAnswer,
  recruitEmployeeAnswer,
  removeEmployeeAnswer,
  updateDepartmentAnswer,
  updateEmployeeAnswer,
} from './answers';
import { employeeAttendanceByDate, exportEmployeeAttendance, markEmployees } from './attendance';
import { createDepartment, deleteDepartment, listDepartments, updateDepartment } from './departments';
import {
  attendanceDateQuery,
  attendanceExportQuery,
  departmentCreateBody,
  departmentUpdateBody,
  employeeCreateBody,
  employeeDeleteQuery,
  employeeListQuery,
  employeeMarkBody,
  employeeUpdateBody,
  MARKED,
  RECRUITED,
  UPDATED,
} from './schemas';
import { getEmployee, listEmployees, recruitEmployee, removeEmployee, updateEmployee } from './service';

const admin = requireAuth('school_admin');

/**
 * `/api/employees`: the school's non-teaching staff, their departments and their daily attendance.
 * Administrators only. Fixed paths (`/departments`, `/attendance`) come before `/:id`.
 */
export const employeesRoutes = new Hono<HonoEnv>()
  .get(
    '/',
    contract({ summary: 'List employees', responses: { 200: listEmployeesAnswer } }),
    admin,
    validate('query', employeeListQuery),
    async (c) => {
      const { employees, total } = await listEmployees(tenant(c), c.req.valid('query'));
      return ok(c, employees, { total });
    },
  )
  .post(
    '/',
    contract({ summary: 'Recruit employee', responses: { 201: recruitEmployeeAnswer } }),
    admin,
    validate('json', employeeCreateBody),
    async (c) => created(c, await recruitEmployee(tenant(c), c.req.valid('json')), { message: RECRUITED }),
  )
  .get(
    '/departments',
    contract({ summary: 'List departments', responses: { 200: listDepartmentsAnswer } }),
    admin,
    async (c) => {
      const list = await listDepartments(tenant(c));
      return ok(c, list, { total: list.length });
    },
  )
  .post(
    '/departments',
    contract({ summary: 'Create department', responses: { 201: createDepartmentAnswer }, refuses: ['ALREADY_EXISTS'] }),
    admin,
    validate('json', departmentCreateBody),
    async (c) =>
      created(c, await createDepartment(tenant(c), c.req.valid('json')), {
        message: 'Department created successfully',
      }),
  )
  .put(
    '/departments/:id',
    contract({ summary: 'Update department', responses: { 200: updateDepartmentAnswer }, refuses: ['ALREADY_EXISTS'] }),
    admin,
    validate('param', idParam),
    validate('json', departmentUpdateBody),
    async (c) =>
      ok(c, await updateDepartment(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Department updated successfully',
      }),
  )
  .delete(
    '/departments/:id',
    contract({ summary: 'Delete department', responses: { 200: deleteDepartmentAnswer }, refuses: ['IN_USE'] }),
    admin,
    validate('param', idParam),
    async (c) =>
      ok(c, await deleteDepartment(tenant(c), c.req.valid('param').id), {
        message: 'Department deleted successfully',
      }),
  )
  .get(
    '/attendance',
    contract({ summary: 'Employee attendance by date', responses: { 200: employeeAttendanceByDateAnswer } }),
    admin,
    validate('query', attendanceDateQuery),
    async (c) => {
      const day = await employeeAttendanceByDate(tenant(c), c.req.valid('query'));
      return ok(c, day, { total: day.employees.length });
    },
  )
  .post(
    '/attendance',
    contract({ summary: 'Mark employees', responses: { 200: markEmployeesAnswer }, refuses: ['FUTURE_DATE'] }),
    admin,
    validate('json', employeeMarkBody),
    async (c) => ok(c, await markEmployees(tenant(c), c.req.valid('json')), { message: MARKED }),
  )
  .get(
    '/attendance/export',
    contract({ summary: 'Export employee attendance', responses: { 200: exportEmployeeAttendanceAnswer } }),
    admin,
    validate('query', attendanceExportQuery),
    async (c) => exportEmployeeAttendance(tenant(c), c.req.valid('query')),
  )
  .get(
    '/:id',
    contract({ summary: 'Get employee', responses: { 200: getEmployeeAnswer } }),
    admin,
    validate('param', idParam),
    async (c) => ok(c, await getEmployee(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/:id',
    contract({ summary: 'Update employee', responses: { 200: updateEmployeeAnswer } }),
    admin,
    validate('param', idParam),
    validate('json', employeeUpdateBody),
    async (c) =>
      ok(c, await updateEmployee(tenant(c), c.req.valid('param').id, c.req.valid('json')), { message: UPDATED }),
  )
  .delete(
    '/:id',
    contract({ summary: 'Remove employee', responses: { 200: removeEmployeeAnswer }, refuses: ['IN_USE'] }),
    admin,
    validate('param', idParam),
    validate('query', employeeDeleteQuery),
    async (c) => {
      const { message, data } = await removeEmployee(
        tenant(c),
        c.req.valid('param').id,
        c.req.valid('query').permanent ?? false,
      );
      return ok(c, data, { message });
    },
  );
