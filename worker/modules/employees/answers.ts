import { z } from 'zod';
import { staffAttendanceStatuses } from '../../db/schema';
import { counted, list, ref, success } from '../../lib/answer-shapes';

// The answers of the employees calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const department = z.strictObject({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  employeeCount: z.number(),
  activeEmployees: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const employee = z.strictObject({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  position: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  department: z.string(),
  departmentId: ref,
  salary: z.number(),
  joinDate: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One employee's mark of a day. */
export const employeeMark = z.strictObject({
  _id: z.string(),
  status: z.enum(staffAttendanceStatuses),
  remarks: z.string().nullable(),
  markedBy: ref.nullable(),
  markedAt: z.string(),
});

export const listEmployeesAnswer = list(employee);

export const recruitEmployeeAnswer = success(employee);

export const listDepartmentsAnswer = list(department);

export const createDepartmentAnswer = success(department);

export const updateDepartmentAnswer = success(department);

export const deleteDepartmentAnswer = success(
  z.strictObject({
    _id: z.string(),
  }),
);

export const employeeAttendanceByDateAnswer = counted(
  z.strictObject({
    date: z.string(),
    summary: z.strictObject({
      totalEmployees: z.number(),
      present: z.number(),
      absent: z.number(),
      late: z.number(),
      halfDay: z.number(),
      notMarked: z.number(),
      attendancePercentage: z.number(),
    }),
    employees: z.array(employee.extend({ attendance: employeeMark.nullable() })),
  }),
);

export const markEmployeesAnswer = success(
  z.strictObject({
    date: z.string(),
    records: z.array(
      z.strictObject({
        _id: z.string(),
        employeeId: ref,
        date: z.string(),
        status: z.string(),
        remarks: z.string().nullable(),
        markedBy: ref.nullable(),
        markedAt: z.string(),
      }),
    ),
    successfulCount: z.number(),
  }),
);

export const exportEmployeeAttendanceAnswer = { file: 'text/csv' };

export const getEmployeeAnswer = success(employee);

export const updateEmployeeAnswer = success(employee);

export const removeEmployeeAnswer = success(
  z.strictObject({
    _id: z.string(),
    id: z.string().optional(),
    name: z.string().optional(),
    position: z.string().optional(),
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
    department: z.string().optional(),
    departmentId: ref.optional(),
    salary: z.number().optional(),
    joinDate: z.string().nullable().optional(),
    status: z.string().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    removed: z.boolean(),
  }),
);
