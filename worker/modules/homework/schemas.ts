import { z } from 'zod';
import { taskPriorities, taskStatuses } from '../../db/schema';
import { dateField, optionalText, refId, requiredDate, schoolDate, timeField, yearFilter } from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';
import { hundredths, title } from '../grades/schemas';

export const NOT_YOUR_HOMEWORK = 'You can only manage homework of subjects you teach';
export const SUBJECT_NOT_IN_CLASS = 'This subject is not taught in this class';
export const WORK_RETURNED = 'This work has been returned: it can no longer be changed';
export const NOT_MARKED = 'This homework is not marked: set its maximum marks first';
export const SCORE_ABOVE_MAXIMUM = 'A score cannot be more than the maximum marks';
export const MAXIMUM_BELOW_SCORES = 'Maximum marks cannot be less than a score already given';
export const NOTHING_MARKED = 'No returned work of this homework has marks yet';
export const NO_TERM_FOR_DUE_DATE =
  "No term of the school includes this homework's due date: add one in Settings' Terms and grading first";
export const NOT_IN_CLASS = 'You are not in the class this homework is set for';
export const TOO_MANY_FILES = 'A homework or a hand-in holds at most 10 files';
export const MAX_FILES = 10;

const instructions = z
  .string({ error: 'Instructions must be text' })
  .trim()
  .max(5000, 'Instructions must be at most 5000 characters');
const maxMarks = hundredths(0.01, {
  type: 'Maximum marks must be a number',
  range: 'Maximum marks must be more than 0 and at most 1000',
}).nullable();

export const homeworkBody = z.object({
  classId: refId('Class'),
  subjectId: refId('Subject'),
  title,
  instructions: instructions.default(''),
  dueDate: requiredDate('Due date'),
  dueTime: timeField('Due time'),
  maxMarks: maxMarks.optional(),
});
export type HomeworkInput = z.infer<typeof homeworkBody>;

/** Class and subject stay: the hand-ins are that class's. */
export const homeworkUpdateBody = z.object({
  title: title.optional(),
  instructions: instructions.optional(),
  dueDate: requiredDate('Due date').optional(),
  dueTime: timeField('Due time').optional(),
  maxMarks: maxMarks.optional(),
});
export type HomeworkUpdate = z.infer<typeof homeworkUpdateBody>;

export const homeworkStatuses = ['active', 'completed', 'overdue'] as const;
export const homeworkQuery = pagingQuery(50, 200).extend({
  /** The year of the homework's classes (absent: the school's current year; `all`: every year). */
  academicYear: yearFilter,
  classId: refId('Class').optional(),
  subjectId: refId('Subject').optional(),
  status: z.enum(homeworkStatuses, { error: 'Status must be active, completed or overdue' }).optional(),
});
export type HomeworkQuery = z.infer<typeof homeworkQuery>;

export const workStatuses = ['pending', 'submitted', 'returned', 'overdue'] as const;
export const studentHomeworkQuery = pagingQuery(50, 200).extend({
  status: z.enum(workStatuses, { error: 'Status must be pending, submitted, returned or overdue' }).optional(),
});
export type StudentHomeworkQuery = z.infer<typeof studentHomeworkQuery>;

export const submissionBody = z.object({
  text: z.string({ error: 'Text must be text' }).trim().max(20000, 'Text must be at most 20000 characters').default(''),
});
export type SubmissionInput = z.infer<typeof submissionBody>;

export const reviewBody = z.object({
  marks: hundredths(0, { type: 'Marks must be a number', range: 'Marks must be from 0 to 1000' }).nullable().optional(),
  feedback: optionalText(2000, 'Feedback'),
  /** Return the work to the student now (true by default); false keeps the review a draft. */
  returned: z.boolean({ error: 'Returned must be true or false' }).default(true),
});
export type ReviewInput = z.infer<typeof reviewBody>;

export const homeworkStudentParam = z.object({
  id: z.string().trim().min(1, 'Id is required').max(64, 'Id is too long'),
  studentId: z.string().trim().min(1, 'Student id is required').max(64, 'Student id is too long'),
});
export const homeworkFileParam = z.object({
  id: z.string().trim().min(1, 'Id is required').max(64, 'Id is too long'),
  fileId: z.string().trim().min(1, 'File id is required').max(64, 'File id is too long'),
});

const priority = z.enum(taskPriorities, { error: 'Priority must be low, medium or high' });
const taskStatus = z.enum(taskStatuses, { error: 'Status must be pending, in_progress or completed' });
const taskTitle = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title must be at most 200 characters');
const taskDue = schoolDate('Due date').nullable().optional();

export const taskBody = z.object({
  title: taskTitle,
  priority: priority.default('medium'),
  status: taskStatus.default('pending'),
  dueDate: taskDue,
});
export type TaskInput = z.infer<typeof taskBody>;
export const taskUpdateBody = z.object({
  title: taskTitle.optional(),
  priority: priority.optional(),
  status: taskStatus.optional(),
  dueDate: taskDue,
});
export type TaskUpdate = z.infer<typeof taskUpdateBody>;

export const tasksQuery = pagingQuery(50, 200).extend({
  studentId: refId('Student').optional(),
  status: taskStatus.optional(),
});
export type TasksQuery = z.infer<typeof tasksQuery>;

export const summaryQuery = z
  .object({
    academicYear: yearFilter,
    classId: refId('Class').optional(),
    from: dateField('From'),
    to: dateField('To'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['to'] });
export type SummaryQuery = z.infer<typeof summaryQuery>;
