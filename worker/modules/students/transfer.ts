import { and, desc, eq, sql } from 'drizzle-orm';
import { students, transferCertificates, users } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { named } from '../../db/sql';
import { activity, countedActivity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { notFound, validationError } from '../../lib/errors';
import { formatDay } from '../../lib/format';
import { simplePdf } from '../../lib/pdf';
import type { TenantContext } from '../../lib/tenancy';
import { translate } from '../../lib/translate';
import { RELATION_LABEL, type TransferCertificateInput } from './schemas';
import { getStudent } from './service';

export const certificateNumber = (n: number) => `TC-${String(n).padStart(4, '0')}`;

type CertificateRow = typeof transferCertificates.$inferSelect & { issuerName: string | null };

function toCertificate(row: CertificateRow) {
  return {
    _id: row.id,
    number: row.number,
    certificateNumber: certificateNumber(row.number),
    studentId: row.studentId,
    reason: row.reason,
    leavingDate: row.leavingDate,
    conduct: row.conduct,
    remarks: row.remarks,
    issuedBy: row.issuedBy ? { _id: row.issuedBy, name: row.issuerName ?? '' } : null,
    issuedOn: row.createdAt.slice(0, 10),
    createdAt: row.createdAt,
  };
}
export type Certificate = ReturnType<typeof toCertificate>;

function selectCertificates(ctx: TenantContext) {
  return ctx.db
    .select({ certificate: transferCertificates, issuerName: named(users.name, 'issuer_name') })
    .from(transferCertificates)
    .leftJoin(users, eq(users.id, transferCertificates.issuedBy));
}

/**
 * Issues a transfer certificate: the next number of the school (taken inside the insert, so two never
 * share one) and the student marked inactive, in one batch. A duplicate can be issued later; it gets a new number.
 */
export async function issueTransferCertificate(ctx: TenantContext, studentId: string, input: TransferCertificateInput) {
  const { db } = ctx;
  const student = await getStudent(ctx, studentId);
  if (input.leavingDate < student.admissionDate) {
    throw validationError([{ msg: 'Leaving date cannot be before the admission date', path: 'leavingDate' }]);
  }
  const id = newId();
  const now = ctx.now().toISOString();
  const t = transferCertificates;
  await db.batch([
    db
      .insert(t)
      .select(
        sql`select ${id}, ${ctx.schoolId}, ${student._id}, coalesce(max(${t.number}), 0) + 1, ${input.reason}, ${input.leavingDate}, ${input.conduct}, ${input.remarks ?? null}, ${ctx.session.userId}, ${now}, ${now} from ${t} where ${t.schoolId} = ${ctx.schoolId}`,
      ),
    db
      .update(students)
      .set({ status: 'inactive', updatedAt: now })
      .where(ctx.scoped(students, eq(students.id, student._id))),
    activity(ctx, 'create', 'transfer_certificate', id, `Issued a transfer certificate to ${student.name}`),
  ]);
  const [row] = await selectCertificates(ctx)
    .where(ctx.scoped(t, eq(t.id, id)))
    .limit(1);
  return toCertificate({ ...row.certificate, issuerName: row.issuerName });
}

export async function listTransferCertificates(ctx: TenantContext, studentId: string) {
  const t = transferCertificates;
  const [[found], rows] = await ctx.db.batch([
    ctx.db
      .select({ id: students.id })
      .from(students)
      .where(ctx.scoped(students, eq(students.id, studentId)))
      .limit(1),
    selectCertificates(ctx)
      .where(ctx.scoped(t, eq(t.studentId, studentId)))
      .orderBy(desc(t.number)),
    countedActivity(
      ctx,
      'read',
      'transfer_certificate',
      studentId,
      ['Listed ', ' transfer certificate(s)'],
      ctx.db
        .select({ one: sql`1` })
        .from(t)
        .where(ctx.scoped(t, eq(t.studentId, studentId))),
      { onlyIf: sql`exists (select 1 from ${students} s where s.id = ${studentId} and s.school_id = ${ctx.schoolId})` },
    ),
  ]);
  if (!found) throw notFound('Student');
  return rows.map((r) => toCertificate({ ...r.certificate, issuerName: r.issuerName }));
}

/** The certificate as a one-page PDF; the download is kept in the activity log. */
export async function transferCertificatePdf(ctx: TenantContext, studentId: string, certificateId: string) {
  const t = transferCertificates;
  const [[row], student, school] = await Promise.all([
    selectCertificates(ctx)
      .where(ctx.scoped(t, and(eq(t.id, certificateId), eq(t.studentId, studentId))))
      .limit(1),
    getStudent(ctx, studentId).catch(() => null),
    ctx.school(),
  ]);
  if (!row || !student) throw notFound('Transfer certificate');
  const tc = toCertificate({ ...row.certificate, issuerName: row.issuerName });
  const { language } = school;
  const say = (text: string) => translate(text, language);
  // English keeps the record's own dates; Hindi and Arabic write them out in their language.
  const day = (date: string) => (language === 'en' ? date : formatDay(date, language));
  const klass = student.classId ? formatClassName(student.classId) : say('Not assigned');
  const parentLines = student.parents.map((p) => ({
    label: say(`${RELATION_LABEL[p.relation]}'s name`),
    value: p.name,
  }));
  const bytes = await simplePdf({
    fonts: ctx.fonts,
    title: say(`Transfer Certificate ${tc.certificateNumber}`),
    heading: school.name,
    subheading: say(`Academic year ${school.academicYear}`),
    rtl: language === 'ar',
    lines: [
      { label: say('Certificate number'), value: tc.certificateNumber, bold: true },
      { label: say('Date of issue'), value: day(tc.issuedOn) },
      { value: '' },
      { label: say('Name of the student'), value: student.name, bold: true },
      { label: say('Admission number'), value: student.admissionNumber },
      ...parentLines,
      { label: say('Date of birth'), value: day(student.dateOfBirth) },
      { label: say('Gender'), value: say(student.gender) },
      { label: say('Class last attended'), value: klass },
      { label: say('Date of admission'), value: day(student.admissionDate) },
      { label: say('Date of leaving'), value: day(tc.leavingDate) },
      { label: say('Reason for leaving'), value: tc.reason },
      { label: say('Conduct'), value: tc.conduct },
      ...(tc.remarks ? [{ label: say('Remarks'), value: tc.remarks }] : []),
      { value: '' },
      { label: say('Issued by'), value: tc.issuedBy?.name ?? '' },
    ],
    footer: say(
      'Certified that the above particulars are as recorded in the school admission register. Signature of the head of school: ____________________',
    ),
  });
  await activity(
    ctx,
    'export',
    'transfer_certificate',
    tc._id,
    `Downloaded ${tc.certificateNumber} of ${student.name}`,
  );
  return { bytes, filename: `transfer-certificate-${tc.certificateNumber}.pdf` };
}
