import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { inJson, jsonInserts } from '../../db/bulk';
import { batchOf } from '../../db/database';
import { writeAccounts } from '../../db/directory';
import { refusalOf } from '../../db/guard';
import { activityLogs, classes, parents, studentParents, students, users } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { studentRows } from '../../db/student-rows';
import { capacityGuard } from '../../lib/capacity-guard';
import { classLabel } from '../../lib/class-name';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { optionalText, requiredDate } from '../../lib/fields';
import { generatePassword, hashTemporaryPassword } from '../../lib/password';
import { isPastClass, pastYearPlacementGuard } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { emailSchema } from '../auth/schemas';
import { fileEntry } from '../documents/schemas';
import { cellValue, headerKey, parseCsv } from './csv-reader';
import { accountsByEmail, accountsElsewhere, type ExistingAccount, linkableParent } from './enrol';
import { STUDENT_COLUMNS } from './export';
import { type ImportChecks, importCheckLog, recentImportChecks, refuseOverLimit } from './import-limits';
import {
  genderField,
  optionalDate,
  optionalEmail,
  RELATION_LABEL,
  RELATIONS,
  type Relation,
  requiredText,
  statusField,
} from './schemas';
import { classesWithCount } from './service';

export const MAX_IMPORT_ROWS = 1000;
const EMAIL_EXISTS = 'A user with this email already exists';
const MAX_ERRORS_SHOWN = 300;
export const NEED_A_PARENT_ROW = 'At least one parent or guardian with name and email is required';

/** One row of the file, as the import reads it. Keys are the template's columns. */
const rowSchema = z.object({
  name: requiredText('Name', 120),
  email: emailSchema,
  phone: requiredText('Phone', 40),
  gender: genderField,
  dateOfBirth: requiredDate('Date of birth'),
  class: requiredText('Class', 40),
  rollNumber: requiredText('Roll number', 20),
  admissionNumber: optionalText(40, 'Admission number'),
  admissionDate: optionalDate('Admission date'),
  status: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? v.toLowerCase() : v),
    statusField.optional(),
  ),
  street: optionalText(200, 'Street'),
  city: optionalText(100, 'City'),
  state: optionalText(100, 'State'),
  zipCode: optionalText(20, 'Zip code'),
  fatherName: optionalText(120, "Father's name"),
  fatherEmail: optionalEmail("Father's email"),
  fatherPhone: optionalText(40, "Father's phone"),
  motherName: optionalText(120, "Mother's name"),
  motherEmail: optionalEmail("Mother's email"),
  motherPhone: optionalText(40, "Mother's phone"),
  guardianName: optionalText(120, "Guardian's name"),
  guardianEmail: optionalEmail("Guardian's email"),
  guardianPhone: optionalText(40, "Guardian's phone"),
});
type RowField = keyof z.infer<typeof rowSchema>;
type Row = z.infer<typeof rowSchema>;

/** Template column → row field; a few common spellings are accepted too. */
const COLUMN_FIELDS: Record<string, RowField> = {
  ...Object.fromEntries(
    STUDENT_COLUMNS.map((label) => {
      const key = headerKey(label);
      const field = (Object.keys(rowSchema.shape) as RowField[]).find((f) => headerKey(f) === key);
      return [key, field ?? (key as RowField)];
    }),
  ),
  classname: 'class',
  rollno: 'rollNumber',
  admissionno: 'admissionNumber',
  dob: 'dateOfBirth',
  zip: 'zipCode',
  postcode: 'zipCode',
  studentname: 'name',
  studentemail: 'email',
};
const REQUIRED: RowField[] = ['name', 'email', 'phone', 'gender', 'dateOfBirth', 'class', 'rollNumber'];
const LABEL: Record<RowField, string> = Object.fromEntries(
  STUDENT_COLUMNS.map((label) => [COLUMN_FIELDS[headerKey(label)], label]),
) as Record<RowField, string>;

export interface ImportError {
  line: number;
  field: string;
  message: string;
}

interface PlannedParent {
  relation: Relation;
  name: string;
  email: string;
  phone: string | null;
  action: 'create' | 'link';
}

interface PlannedStudent {
  line: number;
  row: Row;
  classId: string;
  classLabel: string;
  admissionNumber: string;
  admissionDate: string;
  generated: boolean;
  parents: PlannedParent[];
}

/** Reads the CSV from a multipart form (field `file`) or from the body itself (text/csv). */
export async function readCsvBody(request: Request): Promise<string> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData().catch(() => {
      throw new AppError(400, 'The upload could not be read', { code: 'FILE_UNREADABLE' });
    });
    const entry: unknown = form.get('file');
    if (typeof entry === 'string' && entry) return entry;
    const file = fileEntry(entry);
    if (!file) throw new AppError(400, 'Choose a CSV file to import (form field "file")', { code: 'FILE_UNREADABLE' });
    return file.text();
  }
  if (/^(text\/(csv|plain)|application\/(csv|vnd\.ms-excel|octet-stream))/.test(type) || type === '') {
    return request.text();
  }
  throw new AppError(415, 'Send the CSV file as text/csv or as multipart/form-data (field "file")');
}

/** The next free 'ADM<year><n>' per year, given the school's highest numbers and those in the file. */
function admissionNumbers(existing: { year: string; max: number }[], inFile: string[]) {
  const next = new Map(existing.map((e) => [e.year, e.max]));
  for (const number of inFile) {
    const match = /^ADM(\d{4})(\d+)$/.exec(number);
    if (match) next.set(match[1], Math.max(next.get(match[1]) ?? 0, Number(match[2])));
  }
  return (year: string) => {
    const n = (next.get(year) ?? 0) + 1;
    next.set(year, n);
    return `ADM${year}${String(n).padStart(3, '0')}`;
  };
}

/**
 * Checks every row (fields, duplicates within the file and against the school) and works out what the import
 * would create and link. Reads the database once, whatever the number of rows.
 */
async function planImport(ctx: TenantContext, text: string) {
  const records = parseCsv(text);
  if (records.length === 0)
    throw new AppError(400, 'The file is empty. Download the template and add one row per student.', {
      code: 'FILE_UNREADABLE',
    });
  const [header, ...body] = records;
  if (body.length === 0)
    throw new AppError(400, 'The file has no students: add one row per student under the header', {
      code: 'FILE_UNREADABLE',
    });
  if (body.length > MAX_IMPORT_ROWS) {
    throw new AppError(
      400,
      `A file may hold at most ${MAX_IMPORT_ROWS} students; this one has ${body.length}. Split it.`,
    );
  }
  const columns = header.cells.map((cell) => COLUMN_FIELDS[headerKey(cell)] ?? null);
  const missing = REQUIRED.filter((field) => !columns.includes(field));
  if (missing.length > 0) {
    throw new AppError(
      400,
      `The file is missing these columns: ${missing.map((f) => LABEL[f]).join(', ')}. Download the template for the expected header.`,
    );
  }
  const ignoredColumns = header.cells.filter((cell, i) => cell.trim() && !columns[i]).map((c) => c.trim());
  const headerOf = (field: RowField) => header.cells[columns.indexOf(field)]?.trim() || LABEL[field];

  const errors: ImportError[] = [];
  const badLines = new Set<number>();
  const fail = (line: number, field: RowField, message: string) => {
    errors.push({ line, field: headerOf(field), message });
    badLines.add(line);
  };
  const today = await ctx.today();

  // 1. Each row on its own, field by field: one pass names every problem of a row.
  const rows: { line: number; row: Partial<Row> }[] = [];
  for (const record of body) {
    const raw: Record<string, string> = {};
    columns.forEach((field, i) => {
      if (field && !(field in raw && raw[field])) raw[field] = cellValue(record.cells[i]);
    });
    const row: Partial<Row> = {};
    for (const field of Object.keys(rowSchema.shape) as RowField[]) {
      const parsed = rowSchema.shape[field].safeParse(raw[field]);
      if (parsed.success) (row as Record<string, unknown>)[field] = parsed.data;
      else fail(record.line, field, parsed.error.issues[0]?.message ?? 'This value is not valid');
    }
    if (row.dateOfBirth && row.dateOfBirth > today) {
      fail(record.line, 'dateOfBirth', 'Date of birth cannot be in the future');
    }
    const emailsInRow = new Set([row.email]);
    let given = 0;
    for (const relation of RELATIONS) {
      const name = raw[`${relation}Name`];
      const email = row[`${relation}Email`];
      if (!name && !raw[`${relation}Email`] && !raw[`${relation}Phone`]) continue;
      given++;
      const label = RELATION_LABEL[relation];
      if (!name) fail(record.line, `${relation}Name`, `${label}'s name is required when their details are given`);
      if (!raw[`${relation}Email`]) {
        fail(record.line, `${relation}Email`, `${label}'s email is required to create their parent account`);
      } else if (email && emailsInRow.has(email)) {
        fail(record.line, `${relation}Email`, `${label}'s email is already used on this row`);
      } else if (email) emailsInRow.add(email);
    }
    // A parent given in part has their own messages above; none at all gets this one.
    if (given === 0) fail(record.line, 'fatherName', NEED_A_PARENT_ROW);
    rows.push({ line: record.line, row });
  }

  // 2. Against the other rows of the file.
  const studentEmailLine = new Map<string, number>();
  const admissionLine = new Map<string, number>();
  const rollLine = new Map<string, number>();
  for (const { line, row } of rows) {
    if (row.email) {
      const emailAt = studentEmailLine.get(row.email);
      if (emailAt) fail(line, 'email', `This email is also on line ${emailAt}`);
      else studentEmailLine.set(row.email, line);
    }
    if (row.admissionNumber) {
      const at = admissionLine.get(row.admissionNumber.toLowerCase());
      if (at) fail(line, 'admissionNumber', `Admission number ${row.admissionNumber} is also on line ${at}`);
      else admissionLine.set(row.admissionNumber.toLowerCase(), line);
    }
    if (!row.class || !row.rollNumber) continue;
    const rollKey = `${headerKey(row.class)}|${row.rollNumber.toLowerCase()}`;
    const rollAt = rollLine.get(rollKey);
    if (rollAt)
      fail(line, 'rollNumber', `Roll number ${row.rollNumber} in class ${row.class} is also on line ${rollAt}`);
    else rollLine.set(rollKey, line);
  }
  for (const { line, row } of rows) {
    for (const relation of RELATIONS) {
      const email = row[`${relation}Email`];
      const studentAt = email ? studentEmailLine.get(email) : undefined;
      if (studentAt) fail(line, `${relation}Email`, `This email is a student's email on line ${studentAt}`);
    }
  }

  // 3. Against the school: one round trip.
  const parentEmails = rows.flatMap(({ row }) => RELATIONS.map((r) => row[`${r}Email`]).filter(Boolean) as string[]);
  const givenNumbers = rows.map(({ row }) => row.admissionNumber).filter(Boolean) as string[];
  const { db } = ctx;
  const lookedUp = [...new Set([...studentEmailLine.keys(), ...parentEmails])];
  const [[classRows, ownAccounts, takenNumbers, takenRolls, sequences, [recent]], elsewhere] = await Promise.all([
    db.batch([
      // This year's classes: a file names 8-A, which after a rollover is also last year's 8-A, who nobody joins.
      classesWithCount(ctx, sql`not ${isPastClass(classes.academicYear, classes.schoolId)}`),
      accountsByEmail(ctx, lookedUp),
      db
        .select({ number: students.admissionNumber })
        .from(students)
        .where(ctx.scoped(students, inJson(students.admissionNumber, givenNumbers))),
      db
        .select({ classId: students.classId, rollNumber: students.rollNumber })
        .from(students)
        .where(
          ctx.scoped(
            students,
            inJson(
              students.rollNumber,
              rows.flatMap(({ row }) => (row.rollNumber ? [row.rollNumber] : [])),
            ),
          ),
        ),
      db
        .select({
          year: sql<string>`substr(${students.admissionNumber}, 4, 4)`.as('adm_year'),
          max: sql<number>`max(cast(substr(${students.admissionNumber}, 8) as integer))`.mapWith(Number).as('adm_max'),
        })
        .from(students)
        .where(ctx.scoped(students, sql`${students.admissionNumber} glob 'ADM[0-9][0-9][0-9][0-9][0-9]*'`))
        .groupBy(sql`substr(${students.admissionNumber}, 4, 4)`),
      recentImportChecks(ctx),
    ]),
    accountsElsewhere(ctx, lookedUp),
  ]);
  const accounts = [...ownAccounts, ...elsewhere];
  // Read in the same round trip, but nothing of what was looked up is answered past the school's budget.
  refuseOverLimit(ctx, recent, lookedUp.length);
  const classByKey = new Map(classRows.map((c) => [headerKey(classLabel(c)), c]));
  const byEmail = new Map(accounts.map((a) => [a.email, a as ExistingAccount]));
  const numbersTaken = new Set(takenNumbers.map((t) => t.number.toLowerCase()));
  const rollsTaken = new Set(takenRolls.map((r) => `${r.classId}|${r.rollNumber.toLowerCase()}`));
  const nextNumber = admissionNumbers(sequences, givenNumbers);
  const seats = new Map(classRows.map((c) => [c.id, c.capacity - c.studentCount]));

  const planned: PlannedStudent[] = [];
  const parentSeen = new Map<string, PlannedParent>();
  for (const { line, row } of rows) {
    const klass = row.class ? classByKey.get(headerKey(row.class)) : undefined;
    if (row.class && !klass)
      fail(line, 'class', `Class ${row.class} does not exist (write it as name-section, e.g. 8-A)`);
    if (row.email && byEmail.has(row.email)) fail(line, 'email', EMAIL_EXISTS);
    if (row.admissionNumber && numbersTaken.has(row.admissionNumber.toLowerCase())) {
      fail(line, 'admissionNumber', `Admission number ${row.admissionNumber} already exists in this school`);
    }
    if (klass && row.rollNumber && rollsTaken.has(`${klass.id}|${row.rollNumber.toLowerCase()}`)) {
      fail(line, 'rollNumber', `Roll number ${row.rollNumber} is already used in class ${classLabel(klass)}`);
    }
    const rowParents: PlannedParent[] = [];
    for (const relation of RELATIONS) {
      const email = row[`${relation}Email`];
      const name = row[`${relation}Name`];
      if (!email || !name) continue;
      const account = byEmail.get(email);
      if (account && !linkableParent(account, ctx.schoolId)) {
        fail(line, `${relation}Email`, EMAIL_EXISTS);
        continue;
      }
      const action = account || parentSeen.has(email) ? 'link' : 'create';
      const parent = {
        relation,
        name: account?.name ?? parentSeen.get(email)?.name ?? name,
        email,
        phone: row[`${relation}Phone`] ?? null,
        action,
      } as const;
      if (!account && !parentSeen.has(email)) parentSeen.set(email, parent);
      rowParents.push(parent);
    }
    if (klass && !badLines.has(line)) {
      const left = seats.get(klass.id) ?? 0;
      if (left <= 0) {
        fail(
          line,
          'class',
          `Class ${classLabel(klass)} is full (capacity ${klass.capacity}); raise its capacity or choose another class`,
        );
      }
      seats.set(klass.id, left - 1);
    }
    if (!klass || badLines.has(line)) continue;
    const admissionDate = row.admissionDate ?? today;
    planned.push({
      line,
      row: row as Row,
      classId: klass.id,
      classLabel: classLabel(klass),
      admissionNumber: row.admissionNumber ?? nextNumber(admissionDate.slice(0, 4)),
      admissionDate,
      generated: !row.admissionNumber,
      parents: rowParents,
    });
  }
  errors.sort((a, b) => a.line - b.line);
  const linkedExisting = new Set(
    planned.flatMap((p) => p.parents.filter((x) => x.action === 'link' && byEmail.has(x.email)).map((x) => x.email)),
  );
  const perClass = new Map<string, number>();
  for (const p of planned) perClass.set(p.classLabel, (perClass.get(p.classLabel) ?? 0) + 1);
  const conflicts = errors.filter((e) => e.message === EMAIL_EXISTS).length;
  return {
    errors,
    planned,
    byEmail,
    ignoredColumns,
    checks: { rows: body.length, emails: lookedUp.length, conflicts } satisfies ImportChecks,
    summary: {
      rows: body.length,
      students: planned.length,
      parentsToCreate: parentSeen.size,
      parentsToLink: linkedExisting.size,
      admissionNumbersGenerated: planned.filter((p) => p.generated).length,
      perClass: [...perClass].map(([label, count]) => ({ class: label, count })),
    },
  };
}

function preview(p: PlannedStudent) {
  return {
    line: p.line,
    name: p.row.name,
    email: p.row.email,
    class: p.classLabel,
    rollNumber: p.row.rollNumber,
    admissionNumber: p.admissionNumber,
    admissionNumberGenerated: p.generated,
    parents: p.parents.map(({ relation, name, email, action }) => ({ relation, name, email, action })),
  };
}

/** `?dryRun=true`: what the import would do, and every problem by line and field; nothing is written. */
export async function dryRunImport(ctx: TenantContext, text: string) {
  const plan = await planImport(ctx, text);
  await importCheckLog(ctx, 'dry run', plan.checks);
  return {
    dryRun: true as const,
    valid: plan.errors.length === 0,
    errorCount: plan.errors.length,
    errors: plan.errors.slice(0, MAX_ERRORS_SHOWN),
    ignoredColumns: plan.ignoredColumns,
    summary: plan.summary,
    students: plan.errors.length === 0 ? plan.planned.map(preview) : [],
  };
}

function refused(errors: ImportError[]) {
  return new AppError(
    400,
    `Import refused: ${errors.length} problem(s) found. Nothing was imported.`,
    errors.slice(0, MAX_ERRORS_SHOWN).map((e) => ({
      msg: `Line ${e.line}, ${e.field}: ${e.message}`,
      path: `${e.line}.${e.field}`,
    })),
  );
}

/** One new account's sign-in, shown once in the import's answer so the school can hand it to that person. */
export interface ImportCredential {
  line: number;
  role: 'student' | 'parent';
  name: string;
  email: string;
  /** For a parent, the students of this import they are linked to. */
  students: string[];
  temporaryPassword: string;
}

/**
 * Imports every row or none. Each new student and parent account gets its own generated temporary password,
 * stored as a fast salted hash (see `hashTemporaryPassword`) and shown once in the answer; it must be replaced at
 * first sign-in and lapses after `TEMPORARY_PASSWORD_DAYS`. Parents already in
 * the school are linked and keep their password. One write batch.
 */
export async function importStudents(ctx: TenantContext, text: string) {
  const plan = await planImport(ctx, text);
  if (plan.errors.length > 0) {
    // The refusal names the emails in use, so it counts (and is kept) like a dry run.
    await importCheckLog(ctx, 'refused import', plan.checks);
    throw refused(plan.errors);
  }
  const credentials: ImportCredential[] = [];
  const credentialOf = new Map<string, ImportCredential>();
  /** Records the account's credential; its hash replaces the placeholder once all are made. */
  const newAccount = (credential: Omit<ImportCredential, 'temporaryPassword'>) => {
    const entry = { ...credential, temporaryPassword: generatePassword() };
    credentials.push(entry);
    credentialOf.set(entry.email, entry);
    return '';
  };
  const now = ctx.now().toISOString();
  const userRows: (typeof users.$inferInsert)[] = [];
  const studentRecords: (typeof students.$inferInsert)[] = [];
  const parentRows: (typeof parents.$inferInsert)[] = [];
  const linkRows: (typeof studentParents.$inferInsert)[] = [];
  const logRows: (typeof activityLogs.$inferInsert)[] = [];
  const parentIdByEmail = new Map<string, string>();
  const parentAccounts: { _id: string; name: string; email: string; linkedExisting: boolean }[] = [];
  for (const [email, account] of plan.byEmail) {
    if (account.parentId && account.role === 'parent') parentIdByEmail.set(email, account.parentId);
  }
  const imported = plan.planned.map((p) => {
    const userId = newId();
    const studentId = newId();
    const rows = studentRows({
      id: studentId,
      userId,
      schoolId: ctx.schoolId,
      name: p.row.name,
      email: p.row.email,
      phone: p.row.phone,
      passwordHash: newAccount({ line: p.line, role: 'student', name: p.row.name, email: p.row.email, students: [] }),
      passwordChangeRequired: true,
      classId: p.classId,
      rollNumber: p.row.rollNumber,
      admissionNumber: p.admissionNumber,
      dateOfBirth: p.row.dateOfBirth,
      gender: p.row.gender,
      admissionDate: p.admissionDate,
      status: p.row.status,
      address: p.row,
    });
    userRows.push(rows.user);
    studentRecords.push(rows.student);
    for (const parent of p.parents) {
      let parentId = parentIdByEmail.get(parent.email);
      if (!parentId) {
        const parentUserId = newId();
        parentId = newId();
        parentIdByEmail.set(parent.email, parentId);
        userRows.push({
          id: parentUserId,
          schoolId: ctx.schoolId,
          role: 'parent',
          name: parent.name,
          email: parent.email,
          phone: parent.phone,
          passwordHash: newAccount({
            line: p.line,
            role: 'parent',
            name: parent.name,
            email: parent.email,
            students: [],
          }),
          passwordChangeRequired: true,
        });
        parentRows.push({ id: parentId, schoolId: ctx.schoolId, userId: parentUserId });
        parentAccounts.push({ _id: parentId, name: parent.name, email: parent.email, linkedExisting: false });
      } else if (plan.byEmail.has(parent.email) && !parentAccounts.some((a) => a.email === parent.email)) {
        parentAccounts.push({ _id: parentId, name: parent.name, email: parent.email, linkedExisting: true });
      }
      credentialOf.get(parent.email)?.students.push(p.row.name);
      linkRows.push({ schoolId: ctx.schoolId, studentId, parentId, relation: parent.relation });
    }
    logRows.push({
      schoolId: ctx.schoolId,
      userId: ctx.session.userId,
      userName: ctx.session.name,
      action: 'create',
      entity: 'student',
      entityId: studentId,
      summary: `Imported ${p.row.name} into class ${p.classLabel} (line ${p.line})`,
      createdAt: now,
    });
    return {
      _id: studentId,
      line: p.line,
      name: p.row.name,
      email: p.row.email,
      admissionNumber: p.admissionNumber,
      class: p.classLabel,
    };
  });
  const issuedAt = ctx.now();
  const hashes = new Map(
    await Promise.all(
      credentials.map(async (c) => [c.email, await hashTemporaryPassword(c.temporaryPassword, issuedAt)] as const),
    ),
  );
  for (const u of userRows) u.passwordHash = hashes.get(u.email) ?? '';
  const { db } = ctx;
  try {
    const claim = userRows.map((u) => u.email);
    await writeAccounts(
      ctx.directory,
      db,
      { schoolId: ctx.schoolId, claim },
      batchOf([
        ...jsonInserts(db, users, userRows),
        ...jsonInserts(db, students, studentRecords),
        ...jsonInserts(db, parents, parentRows),
        ...jsonInserts(db, studentParents, linkRows),
        ...jsonInserts(db, activityLogs, logRows),
        importCheckLog(ctx, 'import', plan.checks),
        capacityGuard(ctx, [...new Set(plan.planned.map((p) => p.classId))]),
        // A rollover between the check and the write leaves the planned classes in last year: nothing is imported.
        pastYearPlacementGuard(ctx, [...new Set(plan.planned.map((p) => p.classId))]),
      ]),
    );
  } catch (error) {
    if (refusalOf(error, 'past-year')) {
      throw new AppError(
        409,
        'The school moved into a new year meanwhile: its classes are now last year’s. Check the file again; nothing was imported.',
        { code: 'PAST_YEAR' },
      );
    }
    // Seats were taken meanwhile: the file is checked again, so the answer names the lines that no longer fit.
    if (refusalOf(error, 'class-capacity')) {
      const again = await planImport(ctx, text);
      if (again.errors.length > 0) throw refused(again.errors);
      throw new AppError(409, 'Some classes filled up meanwhile. Check the file again; nothing was imported.', {
        code: 'CLASS_FULL',
      });
    }
    if (isUniqueViolation(error)) {
      throw new AppError(
        409,
        'Some of these students or parents were added meanwhile. Check the file again; nothing was imported.',
      );
    }
    throw error;
  }
  return {
    imported: imported.length,
    parentsCreated: parentRows.length,
    parentsLinked: parentAccounts.filter((a) => a.linkedExisting).length,
    students: imported,
    parentAccounts,
    credentials,
  };
}
