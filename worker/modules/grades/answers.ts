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
    /** The term's report cards are published for the class: marks changed now are logged, teachers delete nothing. */
    reportCardsPublished: z.boolean(),
    students: z.array(
      z.strictObject({ _id: z.string(), name: z.string(), rollNumber: z.string(), mark: mark.nullable() }),
    ),
    statistics: sheetStatistics,
  }),
);

const percentOrNull = z.number().nullable();

/** A subject's spread over the class: students with a result, their mean, lowest, highest and standard deviation. */
export const spread = z.strictObject({
  students: z.number().int(),
  mean: percentOrNull,
  min: percentOrNull,
  max: percentOrNull,
  standardDeviation: percentOrNull,
});

export const subjectResult = z.strictObject({
  subjectId: z.string(),
  percent: percentOrNull,
  grade: z.string().nullable(),
  points: z.number().nullable(),
  scored: z.number().int(),
  absent: z.number().int(),
  exempt: z.number().int(),
});

export const termRef = z.strictObject({
  _id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});

const studentResultFields = {
  subjects: z.array(subjectResult),
  percent: percentOrNull,
  grade: z.string().nullable(),
  gpa: z.number().nullable(),
  /** Null unless the school ranks students. */
  rank: z.number().int().nullable(),
};
export const studentTermResult = z.strictObject(studentResultFields);

const resultsBody = {
  ranked: z.boolean(),
  subjects: z.array(
    z.strictObject({
      _id: z.string(),
      name: z.string(),
      code: z.string().nullable(),
      credits: z.number(),
      assessments: z.number().int(),
      statistics: spread,
    }),
  ),
  students: z.array(
    z.strictObject({
      student: z.strictObject({ _id: z.string(), name: z.string(), rollNumber: z.string() }),
      ...studentResultFields,
    }),
  ),
  summary: z.strictObject({
    students: z.number().int(),
    withResults: z.number().int(),
    meanPercent: percentOrNull,
    meanGpa: z.number().nullable(),
  }),
};

/** A term's results of a class beside its attendance in the performance report (no term yet: null). */
export const termResultsSummary = z.strictObject({
  term: termRef.nullable(),
  ranked: resultsBody.ranked,
  subjects: resultsBody.subjects,
  summary: resultsBody.summary,
});

export const classResultsAnswer = success(z.strictObject({ class: classRef, term: termRef, ...resultsBody }));

export const reportCardsPdfAnswer = { file: 'application/pdf' };

export const listPublicationsAnswer = success(
  z.array(z.strictObject({ termId: z.string(), publishedAt: z.string(), publishedBy: z.string().nullable() })),
);

export const publicationAnswer = success(
  z.strictObject({
    classId: z.string(),
    termId: z.string(),
    published: z.boolean(),
    publishedAt: z.string().nullable(),
  }),
);
