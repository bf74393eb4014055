import { sql } from 'drizzle-orm';
import type { Database } from '../../worker/db/database';

/**
 * A school's years as one string, every row named by what it is rather than by its key (a class by name, section
 * and year; a student by admission number; a fee by class, category and year): two copies of a school rolled over
 * apart, whose new rows have keys of their own, give the same string when they hold the same rows.
 */
export async function yearsDigest(db: Database, schoolId: string): Promise<string> {
  const klass = (column: string) =>
    `(select c.name || '-' || c.section || ' ' || c.academic_year from classes c where c.id = ${column})`;
  const teacher = (column: string) =>
    `(select u.email from teachers t join users u on u.id = t.user_id where t.id = ${column})`;
  const student = (column: string) => `(select s.admission_number from students s where s.id = ${column})`;
  const fee = (column: string) =>
    `(select ${klass('f.class_id')} || ' ' || coalesce(fc.name, '') || ' ' || f.academic_year from fee_structures f
      left join fee_categories fc on fc.id = f.category_id where f.id = ${column})`;
  const subject = (column: string) =>
    `(select ${klass('x.class_id')} || ' ' || x.name || ' ' || coalesce(x.code, '') from subjects x where x.id = ${column})`;
  const queries: Record<string, string> = {
    school: `select academic_year from schools o where o.id = ?`,
    years: `select name, starts_on, ends_on, rolled_from from school_years o where o.school_id = ? order by name`,
    classes: `select name, section, capacity, room, academic_year, ${teacher('o.teacher_id')} as teacher from classes o where o.school_id = ? order by academic_year, name, section`,
    subjects: `select ${klass('o.class_id')} as class, name, code, credits, type, ${teacher('o.teacher_id')} as teacher
      from subjects o where o.school_id = ? order by 1, 2, 3`,
    subjectTeachers: `select ${subject('o.subject_id')} as subject, ${teacher('o.teacher_id')} as teacher
      from subject_teachers o where o.school_id = ? order by 1, 2`,
    schedules: `select ${klass('o.class_id')} as class, ${subject('o.subject_id')} as subject, ${teacher('o.teacher_id')} as teacher,
      day_of_week, start_time, end_time, room, academic_year, semester from schedules o where o.school_id = ? order by 1, 2, 4, 5`,
    fees: `select ${fee('o.id')} as fee, amount_minor, due_date, due_dates, frequency, optional from fee_structures o where o.school_id = ? order by 1`,
    students: `select admission_number, ${klass('o.class_id')} as class, roll_number, status from students o where o.school_id = ? order by 1`,
    enrolments: `select ${student('o.student_id')} as student, academic_year, ${klass('o.class_id')} as class, roll_number,
      outcome, ${klass('o.next_class_id')} as next, next_roll_number from enrolments o where o.school_id = ? order by 1, 2`,
    arrears: `select ${student('o.student_id')} as student, ${fee('o.structure_id')} as fee, instalment, academic_year
      from fee_arrears o where o.school_id = ? order by 1, 2, 3`,
    dues: `select ${student('o.student_id')} as student, ${fee('o.structure_id')} as fee, instalment, ${klass('o.class_id')} as class,
      due_date, amount_minor, paid_minor from fee_dues o where o.school_id = ? order by 1, 2, 3`,
    totals: `select ${student('o.student_id')} as student, ${klass('o.class_id')} as class, instalments, billed_minor, paid_minor,
      outstanding_minor, unpaid from fee_student_totals o where o.school_id = ? order by 1, 2`,
  };
  const out: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(queries)) {
    const text = query.replaceAll('?', `'${schoolId.replaceAll("'", "''")}'`);
    out[name] = await db.all(sql.raw(text));
  }
  return JSON.stringify(out);
}
