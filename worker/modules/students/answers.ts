import { z } from 'zod';
import { genders, parentRelations, studentAttendanceStatuses } from '../../db/schema';
import { classRef, list, ref, success } from '../../lib/answer-shapes';

// The answers of the students calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const attendedOfMarked = z.strictObject({
  attended: z.number(),
  marked: z.number(),
});

export const signIn = z.strictObject({
  lastAt: z.string().nullable(),
  provisional: z.boolean(),
});

export const address = z.strictObject({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
});

export const parent = z.strictObject({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  relation: z.enum(parentRelations),
  signIn: signIn,
});

export const transferCertificate = z.strictObject({
  _id: z.string(),
  number: z.number(),
  certificateNumber: z.string(),
  studentId: z.string(),
  reason: z.string(),
  leavingDate: z.string(),
  conduct: z.string(),
  remarks: z.string().nullable(),
  issuedBy: ref.nullable(),
  issuedOn: z.string(),
  createdAt: z.string(),
});

export const parentInfo = z.strictObject({
  fatherName: z.string().nullable(),
  fatherPhone: z.string().nullable(),
  fatherEmail: z.string().nullable(),
  motherName: z.string().nullable(),
  motherPhone: z.string().nullable(),
  motherEmail: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  guardianEmail: z.string().nullable(),
});

export const student = z.strictObject({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  rollNumber: z.string(),
  admissionNumber: z.string(),
  status: z.enum(['active', 'inactive']),
  gender: z.enum(genders),
  dateOfBirth: z.string(),
  admissionDate: z.string(),
  address: address,
  classId: classRef.nullable(),
  signIn: signIn,
  parents: z.array(parent),
  parentInfo: parentInfo,
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * A row of the student lists, what a roster shows (the classroom, the fee pickers, the per-class tabs): about
 * 180 bytes, so a school's 1,000 students are under 200 KB uncompressed. The class is its id; screens hold the
 * classes. Everything else comes with the student's record (`GET /api/students/:id`).
 */
export const studentRow = z.strictObject({
  _id: z.string(),
  name: z.string(),
  rollNumber: z.string(),
  admissionNumber: z.string(),
  status: z.enum(['active', 'inactive']),
  classId: z.string().nullable(),
});

/** A row of the students screen's table and cards (`view=cards`): the roster's and the spec's columns. */
export const studentCard = studentRow.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: address.pick({ street: true, city: true }),
  admissionDate: z.string(),
  parents: z.array(z.strictObject({ relation: z.enum(parentRelations), name: z.string() })),
});

export const listStudentsAnswer = list(z.union([studentRow, studentCard]));
/** The list's answer per view, for the screens' types. */
export const studentRosterAnswer = list(studentRow);
export const studentCardsAnswer = list(studentCard);

export const enrolStudentAnswer = success(
  student.extend({
    address: address.extend({ street: z.string() }),
    parentAccounts: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        relation: z.enum(parentRelations),
        linkedExisting: z.boolean(),
      }),
    ),
  }),
);

export const studentStatsAnswer = success(
  z.strictObject({
    month: z.string(),
    total: z.number(),
    active: z.number(),
    inactive: z.number(),
    newThisMonth: z.number(),
    unassigned: z.number(),
    classCount: z.number(),
    averageClassSize: z.number(),
    perClass: z.array(
      z.strictObject({
        classId: classRef,
        capacity: z.number(),
        students: z.number(),
        active: z.number(),
      }),
    ),
  }),
);

export const attendanceOverviewAnswer = success(
  z.strictObject({
    today: z.string(),
    weekStart: z.string(),
    monthStart: z.string(),
    /** The year counted when it is not the current one (null: today, this week and this month). */
    academicYear: z.string().nullable(),
    students: z.array(
      z.strictObject({
        studentId: z.string(),
        today: z.enum(studentAttendanceStatuses).nullable(),
        week: attendedOfMarked,
        month: attendedOfMarked,
        /** Another year's days in its classes (null for the current year). */
        year: attendedOfMarked.nullable(),
      }),
    ),
  }),
);

export const studentsCsvAnswer = { file: 'text/csv' };

export const importTemplateAnswer = { file: 'text/csv' };

export const importStudentsAnswer = success(
  z.strictObject({
    dryRun: z.literal(true),
    valid: z.boolean(),
    errorCount: z.number(),
    errors: z.array(
      z.strictObject({
        line: z.number(),
        field: z.string(),
        message: z.string(),
      }),
    ),
    ignoredColumns: z.array(z.string()),
    summary: z.strictObject({
      rows: z.number(),
      students: z.number(),
      parentsToCreate: z.number(),
      parentsToLink: z.number(),
      admissionNumbersGenerated: z.number(),
      perClass: z.array(
        z.strictObject({
          class: z.string(),
          count: z.number(),
        }),
      ),
    }),
    students: z.array(
      z.strictObject({
        line: z.number(),
        name: z.string(),
        email: z.string(),
        class: z.string(),
        rollNumber: z.string(),
        admissionNumber: z.string(),
        admissionNumberGenerated: z.boolean(),
        parents: z.array(
          z.strictObject({
            relation: z.enum(parentRelations),
            name: z.string(),
            email: z.string(),
            action: z.enum(['create', 'link']),
          }),
        ),
      }),
    ),
  }),
);

export const importStudentsAnswerCreated = success(
  z.strictObject({
    imported: z.number(),
    parentsCreated: z.number(),
    parentsLinked: z.number(),
    students: z.array(
      z.strictObject({
        _id: z.string(),
        line: z.number(),
        name: z.string(),
        email: z.string().nullable(),
        admissionNumber: z.string(),
        class: z.string(),
      }),
    ),
    parentAccounts: z.array(
      z.strictObject({
        _id: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        linkedExisting: z.boolean(),
      }),
    ),
    credentials: z.array(
      z.strictObject({
        line: z.number(),
        role: z.enum(['student', 'parent']),
        name: z.string(),
        email: z.string(),
        students: z.array(z.string()),
        temporaryPassword: z.string(),
      }),
    ),
  }),
);

export const readStudentAnswer = success(student);

export const updateStudentAnswer = success(student);

export const deleteStudentAnswer = success(
  z.strictObject({
    _id: z.string(),
    deletedAttendance: z.number(),
    deletedDocuments: z.number(),
    deletedParentAccounts: z.number(),
    keptParentAccounts: z.number(),
  }),
);

export const issueTransferCertificateAnswer = success(transferCertificate);

export const issueTemporaryPasswordsAnswer = success(
  z.strictObject({
    credentials: z.array(
      z.strictObject({
        account: z.enum(['student', ...parentRelations]),
        role: z.enum(['student', 'parent']),
        name: z.string(),
        email: z.string(),
        temporaryPassword: z.string(),
      }),
    ),
    expiresAt: z.string(),
  }),
);

export const listTransferCertificatesAnswer = list(transferCertificate);

export const transferCertificatePdfAnswer = { file: 'application/pdf' };

export const assignStudentToClassAnswer = success(student);

/** The student as they were, with the class they left named by id and name. */
export const removeStudentFromClassAnswer = success(student.extend({ classId: ref.nullable() }));
