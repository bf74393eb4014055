import { formatClassName } from '../../lib/class-name';
import { toCsv } from '../../lib/csv';
import { formatMinor } from '../../lib/money';
import { simplePdf } from '../../lib/pdf';
import type { TenantContext } from '../../lib/tenancy';
import type { DueQuery } from './schemas';
import { getReceipt, listDues } from './service';

/** The receipt as a one-page PDF a parent can keep. */
export async function receiptPdf(ctx: TenantContext, id: string) {
  const receipt = await getReceipt(ctx, id, 'export');
  const school = await ctx.school();
  const student = receipt.studentId;
  const className = student.classId?.name ? formatClassName(student.classId) : 'Not assigned';
  const bytes = await simplePdf({
    title: `Fee receipt ${receipt.receiptNumber}`,
    heading: school.name,
    subheading: `Academic year ${school.academicYear}`,
    lines: [
      { label: 'Receipt number', value: receipt.receiptNumber, bold: true },
      { label: 'Date', value: receipt.issuedOn },
      { label: 'Student', value: student.name },
      { label: 'Admission number', value: student.admissionNumber },
      { label: 'Class', value: className },
      { label: 'Payment method', value: receipt.method ?? '' },
      ...(receipt.reference ? [{ label: 'Reference', value: receipt.reference }] : []),
      { value: '' },
      ...receipt.items.map((item) => ({
        label: item.category,
        value: `${school.currency} ${formatMinor(item.amountMinor)}`,
      })),
      { label: 'Total paid', value: `${school.currency} ${formatMinor(receipt.amountMinor)}`, bold: true },
    ],
    footer: 'This receipt was issued by the school office. Keep it for your records.',
  });
  return { bytes, filename: `receipt-${receipt.receiptNumber}.pdf` };
}

export async function duesCsv(ctx: TenantContext, query: DueQuery) {
  const { dues } = await listDues(ctx, query, { all: true });
  const currency = (await ctx.school()).currency;
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
    ],
    dues.map((d) => [
      d.studentId.name,
      d.studentId.admissionNumber,
      d.studentId.rollNumber,
      formatClassName(d.classId),
      d.category,
      d.dueDate,
      formatMinor(d.amountMinor).replace(/,/g, ''),
      formatMinor(Math.round(d.paid * 100)).replace(/,/g, ''),
      formatMinor(d.balanceMinor).replace(/,/g, ''),
      d.status,
    ]),
  );
}
