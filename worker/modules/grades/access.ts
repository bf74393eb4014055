import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import {
  assessmentMarks,
  assessments,
  classes,
  reportPublications,
  subjects,
  subjectTeachers,
  teachers,
  terms,
} from '../../db/schema';
import { named, outer } from '../../db/sql';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { NOT_YOUR_SUBJECT } from './schemas';

/** 1 when the signed-in person teaches the subject in `subject` (its main teacher or a co-teacher). */
export function callerTeachesSubject(ctx: TenantContext, subject: SQL) {
  return sql<number>`exists (
    select 1 from ${teachers} t
    where t.school_id = ${ctx.schoolId} and t.user_id = ${ctx.session.userId} and (
      exists (select 1 from ${subjects} s where s.id = ${subject} and s.school_id = t.school_id and s.teacher_id = t.id)
      or exists (select 1 from ${subjectTeachers} st where st.subject_id = ${subject} and st.school_id = t.school_id and st.teacher_id = t.id)
    )
  )`.mapWith(Number);
}

/** Administrators manage every assessment; a teacher those of the subjects they teach (403 otherwise). */
export function mayManage(ctx: TenantContext, row: { teaches: number }) {
  if (ctx.session.role === 'teacher' && !row.teaches) throw new AppError(403, NOT_YOUR_SUBJECT);
}

const termOf = alias(terms, 'assessment_term');

/** An assessment's columns with its class, subject and term named, how many marks it holds and whether the caller teaches it. */
export function selectAssessments(ctx: TenantContext) {
  return ctx.db
    .select({
      id: assessments.id,
      classId: assessments.classId,
      className: named(classes.name, 'class_name'),
      classSection: named(classes.section, 'class_section'),
      subjectId: assessments.subjectId,
      subjectName: named(subjects.name, 'subject_name'),
      termId: assessments.termId,
      termName: named(termOf.name, 'term_name'),
      title: assessments.title,
      type: assessments.type,
      date: assessments.date,
      maxScore: assessments.maxScore,
      weight: assessments.weight,
      markedAt: assessments.markedAt,
      createdAt: assessments.createdAt,
      updatedAt: assessments.updatedAt,
      markedCount:
        sql<number>`(select count(*) from ${assessmentMarks} m where m.assessment_id = ${outer(assessments.id)})`
          .mapWith(Number)
          .as('marked_count'),
      teaches: callerTeachesSubject(ctx, outer(assessments.subjectId)).as('teaches'),
      // The term's report cards are out for the class: a teacher no longer deletes the assessment.
      published:
        sql<number>`exists (select 1 from ${reportPublications} p where p.school_id = ${outer(assessments.schoolId)}
        and p.class_id = ${outer(assessments.classId)} and p.term_id = ${outer(assessments.termId)})`
          .mapWith(Number)
          .as('published'),
    })
    .from(assessments)
    .innerJoin(classes, eq(classes.id, assessments.classId))
    .innerJoin(subjects, eq(subjects.id, assessments.subjectId))
    .innerJoin(termOf, eq(termOf.id, assessments.termId));
}

export type AssessmentRow = Awaited<ReturnType<ReturnType<typeof selectAssessments>['execute']>>[number];

/** The API's shape of an assessment: its key as text, maximum marks in marks (not hundredths). */
export function toAssessment(row: Omit<AssessmentRow, 'teaches' | 'published'>) {
  return {
    _id: String(row.id),
    class: { _id: row.classId, name: row.className ?? '', section: row.classSection ?? '' },
    subject: { _id: row.subjectId, name: row.subjectName ?? '' },
    term: { _id: row.termId, name: row.termName ?? '' },
    title: row.title,
    type: row.type,
    date: row.date,
    maxMarks: row.maxScore / 100,
    weight: row.weight,
    markedCount: row.markedCount,
    markedAt: row.markedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function assessmentById(ctx: TenantContext, key: number) {
  return selectAssessments(ctx)
    .where(ctx.scoped(assessments, eq(assessments.id, key)))
    .limit(1);
}

export function found<T>(row: T | undefined): T {
  if (!row) throw notFound('Assessment');
  return row;
}
