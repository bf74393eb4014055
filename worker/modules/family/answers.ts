import { z } from 'zod';
import { importantDatePriorities, importantDateTypes, studentAttendanceStatuses, weekdays } from '../../db/schema';
import { classRef, success } from '../../lib/answer-shapes';
import { refId } from '../../lib/fields';
import { idParam } from '../../lib/validate';
import { studentHistoryAnswer } from '../years/answers';

// The answers of the family calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const listChildrenAnswer = success(
  z.array(
    z.strictObject({
      _id: z.string(),
      name: z.string(),
      rollNumber: z.string(),
      admissionNumber: z.string(),
      status: z.enum(['active', 'inactive']),
      classId: classRef.nullable(),
    }),
  ),
);

export const childOverviewAnswer = success(
  z.strictObject({
    child: z.strictObject({
      _id: z.string(),
      name: z.string(),
      rollNumber: z.string().nullable(),
      status: z.enum(['active', 'inactive']),
      classId: z
        .strictObject({
          _id: z.string(),
          name: z.string(),
          section: z.string(),
          room: z.string().nullable(),
        })
        .nullable(),
    }),
    classTeacher: z
      .strictObject({
        name: z.string(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
      })
      .nullable(),
    today: z.string(),
    currency: z.string(),
    todayAttendance: z.array(
      z.strictObject({
        subject: z.string(),
        teacher: z.string(),
        status: z.enum(studentAttendanceStatuses),
        remarks: z.string().nullable(),
        markedAt: z.string(),
      }),
    ),
    month: z.strictObject({
      from: z.string(),
      to: z.string(),
      present: z.number(),
      absent: z.number(),
      late: z.number(),
      excused: z.number(),
      total: z.number(),
      attendanceRate: z.number().nullable(),
      absences: z.array(
        z.strictObject({
          date: z.string(),
          subject: z.string(),
          status: z.enum(studentAttendanceStatuses),
          remarks: z.string().nullable(),
        }),
      ),
    }),
    timetable: z.array(
      z.strictObject({
        id: z.string(),
        dayOfWeek: z.enum(weekdays),
        startTime: z.string(),
        endTime: z.string(),
        room: z.string().nullable(),
        subject: z.string(),
        teacher: z.string().nullable(),
      }),
    ),
    upcomingDates: z.array(
      z.strictObject({
        _id: z.string(),
        title: z.string(),
        description: z.string().nullable(),
        date: z.string(),
        type: z.enum(importantDateTypes),
        priority: z.enum(importantDatePriorities),
        startTime: z.string().nullable(),
        endTime: z.string().nullable(),
        location: z.string().nullable(),
        applyToAllClasses: z.boolean(),
      }),
    ),
    fees: z.strictObject({
      items: z.array(
        z.strictObject({
          structureId: z.string(),
          instalment: z.number().int(),
          category: z.string().nullable(),
          /** '… · 2025-2026 arrears' for an instalment still owed of a past year. */
          label: z.string(),
          arrears: z.boolean(),
          dueDate: z.string(),
          amount: z.number(),
          paid: z.number(),
          balance: z.number(),
          status: z.enum(['paid', 'partial', 'due', 'overdue']),
        }),
      ),
      totalDue: z.number(),
      totalPaid: z.number(),
      receipts: z.array(
        z.strictObject({
          _id: z.string(),
          receiptNumber: z.string(),
          amount: z.number(),
          issuedOn: z.string(),
        }),
      ),
    }),
  }),
);

export const assertOwnReceiptAnswer = { file: 'application/pdf' };

/** A child's results of each published term: per subject, and overall (rank only where the school ranks). */
export const childResultsAnswer = success(
  z.array(
    z.strictObject({
      term: z.strictObject({ _id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() }),
      publishedAt: z.string(),
      subjects: z.array(
        z.strictObject({
          _id: z.string(),
          name: z.string(),
          percent: z.number().nullable(),
          grade: z.string().nullable(),
          points: z.number().nullable(),
        }),
      ),
      percent: z.number().nullable(),
      grade: z.string().nullable(),
      gpa: z.number().nullable(),
      rank: z.number().int().nullable(),
    }),
  ),
);

export const childReportCardAnswer = { file: 'application/pdf' };

/** A child and a term in the path of a report card's download. */
export const childTermParam = idParam.extend({ termId: refId('Term') });

/** A child's years at the school, as the office's history gives them, with published terms' results only. */
export const childYearsAnswer = studentHistoryAnswer;
