import { z } from 'zod';
import { taskPriorities, taskStatuses } from '../../db/schema';
import { classRef, counted, list, ref, success } from '../../lib/answer-shapes';
import { homeworkStatuses, workStatuses } from './schemas';

// The answers of the homework calls, declared once: the routes name them; the OpenAPI document and the client read them.

export const homeworkFile = z.strictObject({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});

export const homeworkItem = z.strictObject({
  _id: z.string(),
  class: classRef,
  subject: ref,
  title: z.string(),
  instructions: z.string(),
  /** On the school's clock, as set; `dueAt` is the same instant in UTC. */
  dueDate: z.string(),
  dueTime: z.string(),
  dueAt: z.string(),
  maxMarks: z.number().nullable(),
  status: z.enum(homeworkStatuses),
  counts: z.strictObject({
    students: z.number().int(),
    submitted: z.number().int(),
    late: z.number().int(),
    returned: z.number().int(),
  }),
  /** The gradebook's assessment its marks went to. */
  assessmentId: z.string().nullable(),
  /** Who set it (a teacher of the subject, or the office); null once that account is gone. */
  setBy: ref.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const listHomeworkAnswer = list(homeworkItem);
export const homeworkAnswer = success(homeworkItem.extend({ attachments: z.array(homeworkFile) }));
export const updateHomeworkAnswer = success(homeworkItem);
export const deleteHomeworkAnswer = success(z.strictObject({ _id: z.string() }));
export const homeworkFileAnswer = success(homeworkFile);

export const submission = z.strictObject({
  submittedAt: z.string(),
  text: z.string(),
  late: z.boolean(),
  marks: z.number().nullable(),
  feedback: z.string().nullable(),
  returnedAt: z.string().nullable(),
});

export const rosterAnswer = success(
  z.strictObject({
    homework: homeworkItem,
    students: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        rollNumber: z.string(),
        status: z.enum(workStatuses),
        files: z.number().int(),
        submission: submission.nullable(),
      }),
    ),
  }),
);

export const submissionAnswer = success(
  z.strictObject({
    homework: homeworkItem,
    student: ref,
    status: z.enum(workStatuses),
    submission: submission.nullable(),
    files: z.array(homeworkFile),
  }),
);

export const submitAnswer = success(
  z.strictObject({
    homeworkId: z.string(),
    studentId: z.string(),
    submittedAt: z.string(),
    late: z.boolean(),
    status: z.literal('submitted'),
  }),
);

export const reviewAnswer = success(
  z.strictObject({
    homeworkId: z.string(),
    studentId: z.string(),
    marks: z.number().nullable(),
    feedback: z.string().nullable(),
    returnedAt: z.string().nullable(),
  }),
);

export const gradebookAnswer = success(
  z.strictObject({
    homeworkId: z.string(),
    assessmentId: z.string(),
    saved: z.number().int(),
    markedAt: z.string(),
  }),
);

export const studentHomeworkItem = z.strictObject({
  _id: z.string(),
  subject: ref,
  title: z.string(),
  instructions: z.string(),
  dueDate: z.string(),
  dueTime: z.string(),
  dueAt: z.string(),
  maxMarks: z.number().nullable(),
  status: z.enum(workStatuses),
  submittedAt: z.string().nullable(),
  late: z.boolean().nullable(),
  marks: z.number().nullable(),
  feedback: z.string().nullable(),
  returnedAt: z.string().nullable(),
});

/** `total`: the student's homework matching, beyond this page. */
export const studentHomeworkAnswer = counted(z.strictObject({ student: ref, homework: z.array(studentHomeworkItem) }));

export const task = z.strictObject({
  _id: z.string(),
  student: ref,
  class: classRef.nullable(),
  title: z.string(),
  priority: z.enum(taskPriorities),
  status: z.enum(taskStatuses),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const listTasksAnswer = list(task);
export const taskAnswer = success(task);
export const deleteTaskAnswer = success(z.strictObject({ _id: z.string() }));

const rate = z.number().nullable();
export const summaryAnswer = success(
  z.strictObject({
    totals: z.strictObject({
      homework: z.number().int(),
      active: z.number().int(),
      completed: z.number().int(),
      overdue: z.number().int(),
      expected: z.number().int(),
      handedIn: z.number().int(),
      late: z.number().int(),
      returned: z.number().int(),
      missing: z.number().int(),
      /** Hand-ins still expected of homework not yet due. */
      pending: z.number().int(),
      rate,
    }),
    byClassSubject: z.array(
      z.strictObject({
        class: classRef,
        subject: ref,
        homework: z.number().int(),
        expected: z.number().int(),
        handedIn: z.number().int(),
        late: z.number().int(),
        missing: z.number().int(),
        /** Of the homework past due: hand-ins expected and made, the rate's two terms. */
        expectedDue: z.number().int(),
        handedInDue: z.number().int(),
        rate,
      }),
    ),
    overdue: z.array(z.strictObject({ student: ref, class: classRef, missing: z.number().int() })),
  }),
);
