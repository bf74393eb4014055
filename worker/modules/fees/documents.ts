import { formatClassName } from '../../lib/class-name';
import { toCsv } from '../../lib/csv';
import { formatMinor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import { translate } from '../../lib/translate';
import type { DueQuery } from './schemas';
import { listDues } from './service';

export { receiptPdf } from './receipt-pdf';

export async function duesCsv(ctx: TenantContext, query: DueQuery) {
  const { currency, language } = await ctx.school();
  // The spreadsheet, its instalments' months included, is written in the school's language.
  const { dues } = await listDues({ ...ctx, language }, query, { all: true });
  const say = (text: string) => translate(text, language);
  return toCsv(
    [
      'Student',
      'Admission number',
      'Roll number',
      'Class',
      'Fee',
      'Due date',
      `Amount (${currency})`,
      `Paid (${currency})`,
      `Balance (${currency})`,
      'Status',
    ].map(say),
    dues.map((d) => [
      d.studentId.name,
      d.studentId.admissionNumber,
      d.studentId.rollNumber,
      formatClassName(d.classId),
      d.label,
      d.dueDate,
      formatMinor(d.amountMinor).replace(/,/g, ''),
      formatMinor(Math.round(d.paid * 100)).replace(/,/g, ''),
      formatMinor(d.balanceMinor).replace(/,/g, ''),
      say(d.status),
    ]),
  );
}
