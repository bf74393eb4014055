import { activity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { formatDay } from '../../lib/format';
import { MUTED, pdfSheet } from '../../lib/pdf';
import type { TenantContext } from '../../lib/tenancy';
import { translate } from '../../lib/translate';
import { type ReportCardQuery, type ReportCards, reportCardData } from './report-card-data';

/** The report card's fixed words, in the school's language (`worker/locales`). */
const LABELS = [
  'REPORT CARD',
  'Student',
  'Roll number',
  'Class',
  'Class teacher',
  'Term',
  'SUBJECT',
  'ASSESSMENTS',
  'PERCENT',
  'GRADE',
  'POINTS',
  'Overall',
  'Attendance',
  'Remarks',
  'Absent',
  'Exempt',
  'Not marked',
  'Principal',
  'Parent or guardian',
  'No attendance marked in this term',
  'No students in this class',
];

const LEFT = 50;
const RIGHT = 545;
const TOP = 780;
const percentText = (n: number | null) => (n == null ? '–' : `${n.toFixed(1)}%`);

/**
 * A term's report cards as one A4 PDF, a page per student (one file prints and shares as a whole; a page each
 * keeps every card on its own sheet): the school, the student and class, each subject's marks, weighted
 * percentage, grade and points, the overall percentage, GPA and rank where the school ranks, the term's
 * attendance, the teachers' remarks; in the school's language and any script.
 */
export async function reportCardsPdf(data: ReportCards, fonts: TenantContext['fonts']) {
  const { language } = data.school;
  const say = (text: string) => translate(text, language);
  const day = (date: string) => formatDay(date, language);
  const className = formatClassName(data.class);
  const single = data.students.length === 1 ? data.students[0] : null;
  const title = single
    ? say(`Report card ${data.term.name} of ${single.student.name}`)
    : say(`Report cards ${data.term.name} of class ${className}`);
  const sample = JSON.stringify({ data, labels: LABELS.map(say) });
  const sheet = await pdfSheet(title, fonts, sample, { rtl: language === 'ar' });
  const terms = `${day(data.term.startDate)} – ${day(data.term.endDate)}`;

  const head = () => {
    let y = TOP;
    sheet.text(data.school.name, LEFT, y, { size: 18, bold: true });
    sheet.text(say('REPORT CARD'), RIGHT, y + 2, { size: 10, bold: true, color: MUTED, align: 'right' });
    sheet.text(data.term.name, RIGHT, y - 20, { size: 14, bold: true, align: 'right' });
    sheet.text(terms, RIGHT, y - 38, { size: 10, color: MUTED, align: 'right' });
    y -= 20;
    for (const line of data.school.address ? sheet.wrap(data.school.address, 300, 10).slice(0, 2) : []) {
      sheet.text(line, LEFT, y, { size: 10, color: MUTED });
      y -= 14;
    }
    y = Math.min(y, TOP - 50) - 6;
    sheet.rule(y);
    return y - 24;
  };

  if (!data.students.length) {
    const y = head();
    sheet.text(say('No students in this class'), LEFT, y);
  }
  for (const [index, card] of data.students.entries()) {
    if (index > 0) sheet.newPage();
    let y = head();
    const details: [string, string][] = [
      ['Student', card.student.name],
      ['Roll number', card.student.rollNumber],
      ['Class', className],
      ...(data.class.teacher ? ([['Class teacher', data.class.teacher]] as [string, string][]) : []),
      ['Term', `${data.term.name} (${terms})`],
    ];
    for (const [label, value] of details) {
      sheet.text(say(label), LEFT, y, { color: MUTED });
      sheet.text(value, 170, y, { bold: label === 'Student' });
      y -= 18;
    }
    y -= 12;

    const columns = { marks: 170, percent: 440, grade: 492, points: RIGHT };
    const header = (label: string, x: number, align: 'left' | 'right' = 'right') =>
      sheet.text(say(label), x, y, { size: 9, bold: true, color: MUTED, align });
    header('SUBJECT', LEFT, 'left');
    header('ASSESSMENTS', columns.marks, 'left');
    header('PERCENT', columns.percent);
    header('GRADE', columns.grade);
    header('POINTS', columns.points);
    y -= 8;
    sheet.rule(y);
    y -= 18;
    const remarks: string[] = [];
    for (const [i, subject] of data.subjects.entries()) {
      const result = card.subjects[i];
      const marks = card.assessments
        .filter((a) => a.subjectId === subject._id)
        .map((a) => {
          const given =
            a.status === 'scored'
              ? `${a.score}/${a.maxMarks}`
              : say(a.status === 'absent' ? 'Absent' : a.status === 'exempt' ? 'Exempt' : 'Not marked');
          if (a.remarks) remarks.push(`${subject.name}: ${a.remarks}`);
          return `${a.title} ${given}`;
        });
      const lines = sheet.wrap(marks.join(' · ') || '–', columns.percent - columns.marks - 60, 9);
      for (const [n, name] of sheet
        .wrap(subject.name, columns.marks - LEFT - 8)
        .slice(0, 2)
        .entries())
        sheet.text(name, LEFT, y - n * 13, { bold: true });
      for (const [n, line] of lines.entries()) sheet.text(line, columns.marks, y - n * 13, { size: 9, color: MUTED });
      sheet.text(percentText(result.percent), columns.percent, y, { align: 'right' });
      sheet.text(result.grade ?? '–', columns.grade, y, { bold: true, align: 'right' });
      sheet.text(result.points == null ? '–' : String(result.points), columns.points, y, { align: 'right' });
      y -= 13 * Math.max(1, lines.length) + 9;
    }
    y += 6;
    sheet.rule(y);
    y -= 18;
    sheet.text(say('Overall'), LEFT, y, { bold: true });
    const standing = [
      card.gpa == null ? '' : say(`GPA ${card.gpa}`),
      data.ranked && card.rank != null ? say(`Rank ${card.rank} of ${card.ranks}`) : '',
    ].filter(Boolean);
    sheet.text(standing.join('  ·  '), columns.marks, y, { bold: true });
    sheet.text(percentText(card.percent), columns.percent, y, { bold: true, align: 'right' });
    sheet.text(card.grade ?? '–', columns.grade, y, { bold: true, align: 'right' });
    y -= 36;

    const a = card.attendance;
    sheet.text(say('Attendance'), LEFT, y, { color: MUTED });
    const attended = a.total
      ? say(
          `Present ${a.present}, late ${a.late}, absent ${a.absent}, excused ${a.excused} of ${a.total} periods: ${percentText(a.rate)}`,
        )
      : say('No attendance marked in this term');
    for (const [n, line] of sheet.wrap(attended, RIGHT - 170).entries()) sheet.text(line, 170, y - n * 15);
    y -= 30;
    if (remarks.length) {
      sheet.text(say('Remarks'), LEFT, y, { color: MUTED });
      for (const remark of remarks) {
        for (const line of sheet.wrap(remark, RIGHT - 170)) {
          if (y < 150) break;
          sheet.text(line, 170, y);
          y -= 15;
        }
      }
    }

    const signatures = ['Class teacher', 'Principal', 'Parent or guardian'];
    signatures.forEach((label, n) => {
      const from = LEFT + n * 170;
      sheet.rule(110, from, from + 145);
      sheet.text(say(label), from, 96, { size: 9, color: MUTED });
    });
  }
  return { bytes: await sheet.save(), title };
}

/**
 * `GET /api/grades/report-cards?classId&termId[&studentId]`: a student's card, or the whole class's as one file.
 * One read batch, the PDF, then the download's log line.
 */
export async function reportCards(ctx: TenantContext, query: ReportCardQuery) {
  const data = await reportCardData(ctx, query);
  return reportCardFile(ctx, data);
}

/** The PDF of cards already read, its file name, and the export's log line (staff and families alike). */
export async function reportCardFile(ctx: TenantContext, data: ReportCards) {
  const { bytes } = await reportCardsPdf(data, ctx.fonts);
  const label = formatClassName(data.class);
  const who = data.students.length === 1 ? data.students[0].student.name : `class ${label}`;
  await activity(
    ctx,
    'export',
    'report_card',
    data.students.length === 1 ? data.students[0].student._id : data.class._id,
    `Downloaded the ${data.term.name} report card(s) of ${who}: ${data.students.length} student(s)`,
  );
  const name = data.students.length === 1 ? data.students[0].student.name : label;
  return { bytes, filename: `report-card-${name}-${data.term.name}.pdf`.replace(/\s+/g, '-') };
}
