import { and, asc, desc, eq, exists, gte, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { as } from '../../db/bulk';
import {
  classes,
  feeCategories,
  feeReceipts,
  importantDateClasses,
  importantDates,
  parents,
  schedules,
  studentAttendance,
  studentParents,
  students,
  subjects,
  teachers,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { feeLabel } from '../../lib/instalments';
import { toMajor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';
import { studentMarksWhere } from '../attendance';
import { owedLabel, owedRows } from '../fees';
import { receiptNumber } from '../fees/schemas';
import { publishedResults, reportCardData, reportCardFile } from '../grades';
import { studentHistory } from '../years';

const UPCOMING_DAYS = 30;
const teacherUser = alias(users, 'teacher_user');

/**
 * The children the caller may see: a parent's linked children, or a student themself. Anyone else
 * (and any other id) gets nothing, so another student's id answers 404 like a missing one.
 */
function familyFilter(ctx: TenantContext) {
  if (ctx.session.role === 'student') return eq(students.userId, ctx.session.userId);
  if (ctx.session.role === 'parent') {
    return exists(
      ctx.db
        .select({ one: sql`1` })
        .from(studentParents)
        .innerJoin(parents, eq(parents.id, studentParents.parentId))
        .where(and(eq(studentParents.studentId, students.id), eq(parents.userId, ctx.session.userId))),
    );
  }
  throw new AppError(403, 'Access denied. Required role: parent or student', { code: 'WRONG_ROLE' });
}

export async function listChildren(ctx: TenantContext) {
  const rows = await ctx.db
    .select({
      id: students.id,
      name: users.name,
      rollNumber: students.rollNumber,
      admissionNumber: students.admissionNumber,
      status: students.status,
      classId: as<string | null>(classes.id, 'class_ref_id'),
      className: as<string | null>(classes.name, 'class_name'),
      classSection: as<string | null>(classes.section, 'class_section'),
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(ctx.scoped(students, familyFilter(ctx)))
    .orderBy(asc(users.name));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    rollNumber: r.rollNumber,
    admissionNumber: r.admissionNumber,
    status: r.status,
    classId: r.classId ? { _id: r.classId, name: r.className, section: r.classSection } : null,
  }));
}

async function childOf(ctx: TenantContext, studentId: string) {
  const [child] = await ctx.db
    .select({
      id: students.id,
      name: users.name,
      rollNumber: students.rollNumber,
      status: students.status,
      classId: students.classId,
      className: as<string | null>(classes.name, 'class_name'),
      classSection: as<string | null>(classes.section, 'class_section'),
      room: classes.room,
      teacherName: as<string | null>(teacherUser.name, 'teacher_name'),
      teacherEmail: as<string | null>(teacherUser.email, 'teacher_email'),
      teacherPhone: as<string | null>(teacherUser.phone, 'teacher_phone'),
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(teachers, eq(teachers.id, classes.teacherId))
    .leftJoin(teacherUser, eq(teacherUser.id, teachers.userId))
    .where(ctx.scoped(students, eq(students.id, studentId), familyFilter(ctx)))
    .limit(1);
  if (!child) throw notFound('Student');
  return child;
}

/**
 * A child's day and term at a glance, for a parent or the student: today's marks per subject, the month's
 * rate and absences, the weekly timetable, upcoming dates for the class and the whole school, fees due and
 * paid with receipts, and the class teacher. Two round trips after the sign-in check: who, then one batch.
 */
export async function childOverview(ctx: TenantContext, studentId: string) {
  const child = await childOf(ctx, studentId);
  const school = await ctx.school();
  const today = await ctx.today();
  const monthStart = `${today.slice(0, 7)}-01`;
  const classId = child.classId ?? '';
  const { db } = ctx;
  const subjectTeacher = alias(users, 'subject_teacher');
  const owed = owedRows(ctx, today, { studentId: child.id });
  const [todayMarks, month, timetable, upcoming, fees, receipts] = await db.batch([
    db
      .select({
        subject: as<string>(subjects.name, 'subject_name'),
        teacher: as<string | null>(subjectTeacher.name, 'teacher_name'),
        status: studentAttendance.status,
        remarks: studentAttendance.remarks,
        markedAt: studentAttendance.markedAt,
      })
      .from(studentAttendance)
      .innerJoin(subjects, eq(subjects.id, studentAttendance.subjectId))
      .leftJoin(teachers, eq(teachers.id, studentAttendance.teacherId))
      .leftJoin(subjectTeacher, eq(subjectTeacher.id, teachers.userId))
      .where(studentMarksWhere(ctx, child.id, sql`+${studentAttendance.date} = ${today}`))
      .orderBy(asc(studentAttendance.markedAt)),
    db
      .select({
        date: studentAttendance.date,
        subject: as<string>(subjects.name, 'subject_name'),
        status: studentAttendance.status,
        remarks: studentAttendance.remarks,
      })
      .from(studentAttendance)
      .innerJoin(subjects, eq(subjects.id, studentAttendance.subjectId))
      .where(
        studentMarksWhere(
          ctx,
          child.id,
          sql`+${studentAttendance.date} >= ${monthStart}`,
          sql`+${studentAttendance.date} <= ${today}`,
        ),
      )
      .orderBy(desc(studentAttendance.date)),
    db
      .select({
        id: as<string>(schedules.id, 'schedule_ref_id'),
        dayOfWeek: schedules.dayOfWeek,
        startTime: schedules.startTime,
        endTime: schedules.endTime,
        room: schedules.room,
        subject: as<string>(subjects.name, 'subject_name'),
        teacher: as<string | null>(subjectTeacher.name, 'teacher_name'),
      })
      .from(schedules)
      .innerJoin(subjects, eq(subjects.id, schedules.subjectId))
      .innerJoin(teachers, eq(teachers.id, schedules.teacherId))
      .innerJoin(subjectTeacher, eq(subjectTeacher.id, teachers.userId))
      .where(
        ctx.scoped(
          schedules,
          eq(schedules.classId, classId),
          eq(schedules.academicYear, school.academicYear),
          eq(schedules.semester, school.semester),
        ),
      )
      .orderBy(asc(schedules.startTime)),
    db
      .select()
      .from(importantDates)
      .where(
        ctx.scoped(
          importantDates,
          gte(importantDates.date, today),
          lte(importantDates.date, addDays(today, UPCOMING_DAYS)),
          or(
            eq(importantDates.applyToAllClasses, true),
            exists(
              db
                .select({ one: sql`1` })
                .from(importantDateClasses)
                .where(
                  and(
                    eq(importantDateClasses.importantDateId, importantDates.id),
                    eq(importantDateClasses.classId, classId),
                  ),
                ),
            ),
          ),
        ),
      )
      .orderBy(asc(importantDates.date), asc(importantDates.startTime)),
    // The instalments the child owes, as every fee figure counts them: none before admission unless charged.
    owed.select(false).orderBy(asc(owed.dueDate), asc(feeCategories.name)),
    db
      .select({
        id: feeReceipts.id,
        number: feeReceipts.number,
        amountMinor: feeReceipts.amountMinor,
        issuedOn: feeReceipts.issuedOn,
      })
      .from(feeReceipts)
      .where(ctx.scoped(feeReceipts, eq(feeReceipts.studentId, child.id)))
      .orderBy(desc(feeReceipts.number)),
  ]);

  const counts = { present: 0, absent: 0, late: 0, excused: 0 };
  for (const mark of month) counts[mark.status] += 1;
  const marked = month.length;
  return {
    child: {
      _id: child.id,
      name: child.name,
      rollNumber: child.rollNumber,
      status: child.status,
      classId: child.classId
        ? { _id: child.classId, name: child.className, section: child.classSection, room: child.room }
        : null,
    },
    classTeacher: child.teacherName
      ? { name: child.teacherName, email: child.teacherEmail, phone: child.teacherPhone }
      : null,
    today,
    currency: school.currency,
    todayAttendance: todayMarks,
    month: {
      from: monthStart,
      to: today,
      ...counts,
      total: marked,
      attendanceRate: marked ? Math.round(((counts.present + counts.late) / marked) * 10000) / 100 : null,
      absences: month.filter((m) => m.status === 'absent' || m.status === 'late'),
    },
    timetable,
    upcomingDates: upcoming.map((d) => ({
      _id: d.id,
      title: d.title,
      description: d.description,
      date: d.date,
      type: d.type,
      priority: d.priority,
      startTime: d.startTime,
      endTime: d.endTime,
      location: d.location,
      applyToAllClasses: d.applyToAllClasses,
    })),
    fees: {
      items: fees.map((f) => ({
        structureId: f.structureId,
        instalment: f.instalment,
        category: f.category,
        label: owedLabel(feeLabel(f.category, f.dueDate, f.instalments, ctx.language), f, ctx.language),
        arrears: f.arrears,
        dueDate: f.dueDate,
        amount: toMajor(f.amountMinor),
        paid: toMajor(f.paidMinor),
        balance: toMajor(f.amountMinor - f.paidMinor),
        status:
          f.paidMinor >= f.amountMinor ? 'paid' : f.dueDate < today ? 'overdue' : f.paidMinor > 0 ? 'partial' : 'due',
      })),
      totalDue: toMajor(fees.reduce((s, f) => s + Math.max(0, f.amountMinor - f.paidMinor), 0)),
      totalPaid: toMajor(fees.reduce((s, f) => s + f.paidMinor, 0)),
      receipts: receipts.map((r) => ({
        _id: r.id,
        receiptNumber: receiptNumber(r.number),
        amount: toMajor(r.amountMinor),
        issuedOn: r.issuedOn,
      })),
    },
  };
}

/** A receipt of the caller's own child (or their own), else 404. */
export async function assertOwnReceipt(ctx: TenantContext, receiptId: string) {
  const [row] = await ctx.db
    .select({ id: feeReceipts.id })
    .from(feeReceipts)
    .innerJoin(students, eq(students.id, feeReceipts.studentId))
    .where(ctx.scoped(feeReceipts, eq(feeReceipts.id, receiptId), familyFilter(ctx)))
    .limit(1);
  if (!row) throw notFound('Receipt');
}

/**
 * `GET /api/family/children/:id/results`: the child's results of every term whose report cards the office has
 * published for their class, oldest first; unpublished terms are not there. Who, then one read batch.
 */
export async function childResults(ctx: TenantContext, studentId: string) {
  const child = await childOf(ctx, studentId);
  if (!child.classId) return [];
  const terms = await publishedResults(ctx, child.classId);
  const subjectsOf = (t: (typeof terms)[number]) => new Map(t.subjects.map((s) => [s._id, s]));
  return terms.flatMap((t) => {
    const mine = t.students.find((s) => s.student._id === studentId);
    if (!t.term || !mine) return [];
    const named = subjectsOf(t);
    return [
      {
        term: t.term,
        publishedAt: t.publishedAt,
        subjects: mine.subjects.map((r) => ({
          _id: r.subjectId,
          name: named.get(r.subjectId)?.name ?? '',
          percent: r.percent,
          grade: r.grade,
          points: r.points,
        })),
        percent: mine.percent,
        grade: mine.grade,
        gpa: mine.gpa,
        rank: mine.rank,
      },
    ];
  });
}

/** `GET /api/family/children/:id/report-cards/:termId`: the child's card of a published term (404 otherwise). */
export async function childReportCard(ctx: TenantContext, studentId: string, termId: string) {
  const child = await childOf(ctx, studentId);
  if (!child.classId) throw notFound('Report card');
  const data = await reportCardData(ctx, { classId: child.classId, termId, studentId }, { family: true }).catch(
    (error) => {
      if (error instanceof AppError && error.status === 404) throw notFound('Report card');
      throw error;
    },
  );
  if (!data.publishedAt) throw notFound('Report card');
  return reportCardFile(ctx, data);
}

/**
 * `GET /api/family/children/:id/years`: the child's years as the office's history gives them (class, outcome,
 * attendance, fees), with the results of the terms whose report cards were published for that year's class only.
 * One batch, the family check inside it.
 */
export async function childYears(ctx: TenantContext, studentId: string) {
  return studentHistory(ctx, studentId, { who: familyFilter(ctx), family: true });
}
