import { z } from 'zod';
import { assessmentTypes, markStatuses } from '../../db/schema';
import { classRef, list, ref, success } from '../../lib/answer-shapes';

// The answers of the gradebook's calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const term = z.strictObject({
  _id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const listTermsAnswer = list(term);
export const termAnswer = success(term);
export const deleteTermAnswer = success(z.strictObject({ _id: z.string() }));

/** A band of the scale: percentages from `minPercent` to `maxPercent` (both whole, inclusive) give `grade`. */
export const gradeBand = z.strictObject({
  grade: z.string(),
  minPercent: z.number().int(),
  maxPercent: z.number().int(),
  points: z.number(),
});
export const scaleAnswer = success(z.strictObject({ bands: z.array(gradeBand) }));

export const assessment = z.strictObject({
  _id: z.string(),
  class: classRef,
  subject: ref,
  term: ref,
  title: z.string(),
  type: z.enum(assessmentTypes),
  date: z.string(),
  maxMarks: z.number(),
  weight: z.number(),
  markedCount: z.number().int(),
  markedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const listAssessmentsAnswer = list(assessment);
export const assessmentAnswer = success(assessment);
export const deleteAssessmentAnswer = success(z.strictObject({ _id: z.string() }));

export const mark = z.strictObject({
  status: z.enum(markStatuses),
  score: z.number().nullable(),
  percent: z.number().nullable(),
  grade: z.string().nullable(),
  remarks: z.string().nullable(),
});

export const sheetStatistics = z.strictObject({
  students: z.number().int(),
  marked: z.number().int(),
  scored: z.number().int(),
  absent: z.number().int(),
  exempt: z.number().int(),
  averagePercent: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
});

export const saveMarksAnswer = success(
  z.strictObject({ assessmentId: z.string(), classId: z.string(), saved: z.number().int(), markedAt: z.string() }),
);

export const markSheetAnswer = success(
  z.strictObject({
    assessment,
    students: z.array(
      z.strictObject({ _id: z.string(), name: z.string(), rollNumber: z.string(), mark: mark.nullable() }),
    ),
    statistics: sheetStatistics,
  }),
);
