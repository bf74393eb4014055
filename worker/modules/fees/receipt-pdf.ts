import { eq } from 'drizzle-orm';
import { schools } from '../../db/schema';
import { formatClassName } from '../../lib/class-name';
import { formatCurrency, formatDay } from '../../lib/format';
import { feeLabel } from '../../lib/instalments';
import { formatMinor } from '../../lib/money';
import { MUTED, pdfSheet } from '../../lib/pdf';
import type { TenantContext } from '../../lib/tenancy';
import { translate } from '../../lib/translate';
import { owedLabel } from './owed';
import { METHOD_LABEL } from './schemas';
import { getReceipt } from './service';

/** The receipt's fixed words, in the school's language (`worker/locales`). */
const LABELS = [
  'FEE RECEIPT',
  'Received from',
  'Student',
  'Admission number',
  'Class',
  'Payment method',
  'Reference',
  'Date',
  'FEE',
  'DUE DATE',
  'PAID',
  'BALANCE STILL OWED',
  'Total',
  'Remarks',
  'Not assigned',
];

/**
 * The receipt as a one-page A4 PDF a family can keep: the school and how to reach it, who paid for whom, each
 * fee paid and what is still owed on it, in the school's currency, date style and language.
 */
export async function receiptPdf(ctx: TenantContext, id: string) {
  const [receipt, [school]] = await Promise.all([
    getReceipt(ctx, id, 'export'),
    ctx.db
      .select({
        name: schools.name,
        address: schools.address,
        phone: schools.phone,
        email: schools.email,
        currency: schools.currency,
        language: schools.language,
      })
      .from(schools)
      .where(eq(schools.id, ctx.schoolId)),
  ]);
  const { language } = school;
  const say = (text: string) => translate(text, language);
  const day = (date: string) => formatDay(date, language);
  const labels = LABELS.map(say);
  // The answer names each instalment in the caller's language; the receipt is printed in the school's.
  const items = receipt.items.map((i) => ({
    ...i,
    label: owedLabel(feeLabel(i.category, i.dueDate, i.instalments, language), i, language),
  }));
  // Every text the receipt may show, so that the faces its scripts need are loaded.
  const sample = JSON.stringify({ receipt, items, school, labels }) + formatCurrency(0, school.currency, language);
  const sheet = await pdfSheet(say(`Fee receipt ${receipt.receiptNumber}`), ctx.fonts, sample, {
    rtl: language === 'ar',
  });
  const money = (minor: number) => {
    const written = formatCurrency(minor, school.currency, language);
    return sheet.canPrint(written) ? written : `${school.currency} ${formatMinor(minor)}`;
  };
  const student = receipt.studentId;
  const left = 50;
  const right = 545;
  let y = 780;

  // The school, and the receipt's number and date opposite.
  sheet.text(school.name, left, y, { size: 18, bold: true });
  sheet.text(say('FEE RECEIPT'), right, y + 2, { size: 10, bold: true, color: MUTED, align: 'right' });
  y -= 20;
  sheet.text(receipt.receiptNumber, right, y - 2, { size: 14, bold: true, align: 'right' });
  sheet.text(day(receipt.issuedOn), right, y - 20, { align: 'right' });
  const contact = [
    ...(school.address ? sheet.wrap(school.address, 380, 10) : []),
    [school.phone ? say(`Phone ${school.phone}`) : '', school.email ?? ''].filter(Boolean).join('  ·  '),
    // The year of the payment's date, not the school's setting.
    say(`Academic year ${receipt.academicYear}`),
  ].filter(Boolean);
  for (const line of contact) {
    sheet.text(line, left, y, { size: 10, color: MUTED });
    y -= 14;
  }
  y = Math.min(y, 722) - 10;
  sheet.rule(y);
  y -= 26;

  // The payer the office recorded; a receipt from before payers were stored names the student's parents.
  const payers = receipt.payer ?? receipt.receivedFrom.map((p) => `${p.name} (${p.relation})`).join(', ');
  const className = student.classId?.name ? formatClassName(student.classId) : say('Not assigned');
  const details: [string, string][] = [
    ['Received from', payers || say(`The family of ${student.name}`)],
    ['Student', student.name],
    ['Admission number', student.admissionNumber ?? ''],
    ['Class', className],
    ['Payment method', receipt.method ? say(METHOD_LABEL[receipt.method]) : ''],
    ...(receipt.reference ? ([['Reference', receipt.reference]] as [string, string][]) : []),
    ['Date', day(receipt.issuedOn)],
  ];
  for (const [label, value] of details) {
    sheet.text(say(label), left, y, { color: MUTED });
    const lines = sheet.wrap(value, right - 180);
    for (const [i, line] of lines.entries()) sheet.text(line, 180, y - i * 15, { bold: label === 'Received from' });
    y -= 15 * Math.max(1, lines.length) + 5;
  }
  y -= 10;

  // Each fee paid, and what the student still owed on it once this receipt was paid.
  const columns = { due: 250, paid: 420, balance: right };
  const header = (label: string, x: number, align: 'left' | 'right' = 'right') =>
    sheet.text(say(label), x, y, { size: 9, bold: true, color: MUTED, align });
  header('FEE', left, 'left');
  header('DUE DATE', columns.due, 'left');
  header('PAID', columns.paid);
  header('BALANCE STILL OWED', columns.balance);
  y -= 8;
  sheet.rule(y);
  y -= 18;
  for (const item of items) {
    sheet.text(item.label, left, y);
    sheet.text(day(item.dueDate), columns.due, y);
    sheet.text(money(item.amountMinor), columns.paid, y, { align: 'right' });
    sheet.text(money(item.balanceAfterMinor), columns.balance, y, { align: 'right' });
    y -= 20;
  }
  y += 8;
  sheet.rule(y);
  y -= 20;
  sheet.text(say('Total'), left, y, { bold: true });
  sheet.text(money(receipt.amountMinor), columns.paid, y, { bold: true, align: 'right' });
  sheet.text(money(receipt.balanceAfterMinor), columns.balance, y, { bold: true, align: 'right' });
  y -= 34;

  if (receipt.remarks) {
    sheet.text(say('Remarks'), left, y, { color: MUTED });
    for (const [i, line] of sheet.wrap(receipt.remarks, right - 180).entries()) sheet.text(line, 180, y - i * 15);
  }
  sheet.text(say(`Received with thanks by ${school.name}. Keep this receipt for your records.`), left, 80, {
    size: 9,
    color: MUTED,
  });
  return { bytes: await sheet.save(), filename: `receipt-${receipt.receiptNumber}.pdf` };
}
