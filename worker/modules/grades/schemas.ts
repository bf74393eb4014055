import { z } from 'zod';
import { assessmentTypes, markStatuses } from '../../db/schema';
import { optionalText, refId, requiredDate } from '../../lib/fields';

export const NOT_YOUR_SUBJECT = 'You can only manage assessments and marks of subjects you teach';
export const SUBJECT_NOT_IN_CLASS = 'This subject is not taught in this class';
export const TERM_OVERLAP = 'This term overlaps another term of the school';
export const TERM_IN_USE = 'This term has assessments: move or delete them first';
export const DATE_OUTSIDE_TERM = 'The assessment date must fall within its term';
export const SCORE_ABOVE_MAXIMUM = 'A score cannot be more than the maximum marks';
export const MAXIMUM_BELOW_SCORES = 'Maximum marks cannot be less than a score already given';
export const MARKS_SAVED = 'Marks saved successfully';
export const MARKS_CHANGED = 'The class or the assessment changed while the marks were saved: load the marks again';

/** The largest mark sheet accepted in one call; far above any class capacity. */
export const MAX_SHEET = 1000;

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name must be at most 60 characters');

const endNotBeforeStart = {
  message: 'End date must not be before start date',
  path: ['endDate'],
};

export const termBody = z
  .object({ name, startDate: requiredDate('Start date'), endDate: requiredDate('End date') })
  .refine((t) => t.endDate >= t.startDate, endNotBeforeStart);
export type TermInput = z.infer<typeof termBody>;

export const termUpdateBody = z
  .object({
    name: name.optional(),
    startDate: requiredDate('Start date').optional(),
    endDate: requiredDate('End date').optional(),
  })
  .refine((t) => !t.startDate || !t.endDate || t.endDate >= t.startDate, endNotBeforeStart);
export type TermUpdate = z.infer<typeof termUpdateBody>;

const band = z.object({
  minPercent: z
    .number({ error: 'Lowest percentage must be a whole number from 0 to 100' })
    .int('Lowest percentage must be a whole number from 0 to 100')
    .min(0, 'Lowest percentage must be a whole number from 0 to 100')
    .max(100, 'Lowest percentage must be a whole number from 0 to 100'),
  grade: z
    .string({ error: 'Grade is required' })
    .trim()
    .min(1, 'Grade is required')
    .max(10, 'Grade must be at most 10 characters'),
  points: z
    .number({ error: 'Grade points must be a number from 0 to 100' })
    .min(0, 'Grade points must be a number from 0 to 100')
    .max(100, 'Grade points must be a number from 0 to 100'),
});

/** The whole scale at once: bands start at distinct percentages, one at 0, grades named once. */
export const scaleBody = z.object({
  bands: z
    .array(band, { error: 'Bands must be a list' })
    .min(2, 'A grading scale has at least 2 bands')
    .max(20, 'A grading scale has at most 20 bands')
    .superRefine((bands, check) => {
      const starts = new Set<number>();
      const grades = new Set<string>();
      bands.forEach((b, index) => {
        if (starts.has(b.minPercent))
          check.addIssue({
            code: 'custom',
            message: 'Two bands start at the same percentage',
            path: [index, 'minPercent'],
          });
        if (grades.has(b.grade.toLowerCase()))
          check.addIssue({ code: 'custom', message: 'Each grade is named once', path: [index, 'grade'] });
        starts.add(b.minPercent);
        grades.add(b.grade.toLowerCase());
      });
      if (!starts.has(0)) check.addIssue({ code: 'custom', message: 'The lowest band must start at 0%', path: [] });
    }),
});
export type ScaleInput = z.infer<typeof scaleBody>;

/** Marks are given to two decimal places (45.5, 7.25) and kept in hundredths. */
export const hundredths = (min: number, messages: { type: string; range: string }) =>
  z
    .number({ error: messages.type })
    .min(min, messages.range)
    .max(1000, messages.range)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Marks can have at most 2 decimal places')
    .transform((n) => Math.round(n * 100));

export const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(120, 'Title must be at most 120 characters');
const type = z.enum(assessmentTypes, {
  error: `Type must be one of ${assessmentTypes.join(', ')}`,
});
const maxMarks = hundredths(0.01, {
  type: 'Maximum marks must be a number',
  range: 'Maximum marks must be more than 0 and at most 1000',
});
const weight = z
  .number({ error: 'Weight must be a number' })
  .positive('Weight must be more than 0')
  .max(100, 'Weight must be at most 100');

export const assessmentBody = z.object({
  classId: refId('Class'),
  subjectId: refId('Subject'),
  termId: refId('Term'),
  title,
  type,
  date: requiredDate('Date'),
  maxMarks,
  weight: weight.optional(),
});
export type AssessmentInput = z.infer<typeof assessmentBody>;

/** Class and subject stay: the marks given are for that class's students. */
export const assessmentUpdateBody = z.object({
  termId: refId('Term').optional(),
  title: title.optional(),
  type: type.optional(),
  date: requiredDate('Date').optional(),
  maxMarks: maxMarks.optional(),
  weight: weight.optional(),
});
export type AssessmentUpdate = z.infer<typeof assessmentUpdateBody>;

export const assessmentsQuery = z.object({
  classId: refId('Class'),
  subjectId: refId('Subject').optional(),
  termId: refId('Term').optional(),
});
export type AssessmentsQuery = z.infer<typeof assessmentsQuery>;

/** A deletion may name the marks the caller was shown: it is refused if the assessment holds another number. */
export const deleteAssessmentQuery = z.object({
  marks: z.coerce
    .number({ error: 'Marks must be a whole number' })
    .int('Marks must be a whole number')
    .min(0, 'Marks must be a whole number')
    .optional(),
});
export type DeleteAssessmentQuery = z.infer<typeof deleteAssessmentQuery>;
export const REPORT_CARDS_OUT =
  'The report cards of this term are published for the class: ask the office to withdraw them before deleting this assessment';
export const DELETE_MARKS_CHANGED =
  'Marks were given in this assessment since you opened it: open it again before deleting it';

const mark = z
  .object({
    studentId: refId('Student'),
    status: z.enum(markStatuses, { error: 'Status must be scored, absent or exempt' }),
    score: hundredths(0, { type: 'Score must be a number', range: 'Score must be from 0 to 1000' })
      .nullable()
      .optional(),
    remarks: optionalText(300, 'Remarks'),
  })
  .refine((m) => m.status !== 'scored' || (m.score !== undefined && m.score !== null), {
    message: 'Score is required',
    path: ['score'],
  });
export type MarkInput = z.infer<typeof mark>;

export const marksBody = z.object({
  marks: z
    .array(mark, { error: 'Marks must be a list' })
    .min(1, 'Marks must list at least one student')
    .max(MAX_SHEET, `A mark sheet holds at most ${MAX_SHEET} students`)
    .superRefine((marks, check) => {
      const seen = new Set<string>();
      marks.forEach((m, index) => {
        if (seen.has(m.studentId))
          check.addIssue({
            code: 'custom',
            message: 'A student appears more than once in these marks',
            path: [index, 'studentId'],
          });
        seen.add(m.studentId);
      });
    }),
});
export type MarksInput = z.infer<typeof marksBody>;

/** An assessment's key from the path: a number; anything else finds nothing (404), as another school's does. */
export const assessmentKey = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : -1);

export const resultsQuery = z.object({ classId: refId('Class'), termId: refId('Term') });
export type ResultsQuery = z.infer<typeof resultsQuery>;

export const reportCardsQuery = resultsQuery.extend({ studentId: refId('Student').optional() });

export const publicationsQuery = z.object({ classId: refId('Class') });

export const publicationBody = z.object({
  classId: refId('Class'),
  termId: refId('Term'),
  published: z.boolean({ error: 'Published must be true or false' }),
});
export type PublicationInput = z.infer<typeof publicationBody>;
