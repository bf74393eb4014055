import type { Client } from '@libsql/client';
import { newId } from '../../../worker/db/schema/columns';
import { academicYearStart } from '../../../worker/lib/academic-year';

/** Six assessments per subject and term: what a CBSE-style term holds. Maximum marks in hundredths. */
export const TERM_ASSESSMENTS = [
  { title: 'Homework 1', type: 'homework', maxScore: 1000, weight: 0.5 },
  { title: 'Quiz 1', type: 'quiz', maxScore: 1000, weight: 0.5 },
  { title: 'Unit test 1', type: 'test', maxScore: 2500, weight: 1 },
  { title: 'Project', type: 'project', maxScore: 2000, weight: 1 },
  { title: 'Unit test 2', type: 'test', maxScore: 2500, weight: 1 },
  { title: 'Term exam', type: 'exam', maxScore: 8000, weight: 3 },
] as const;

export interface LargeTerm {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  /** The school days of the term that its assessments fall on, in TERM_ASSESSMENTS' order. */
  dates: string[];
}

/**
 * Two terms over the school days of the academic year `lastDay` falls in (all the days when the year has just
 * begun), halves of them; the second runs to `lastDay`.
 */
export function largeTerms(days: string[], lastDay: string, yearStartMonth: number): LargeTerm[] {
  const start = academicYearStart(lastDay, yearStartMonth);
  const inYear = days.filter((d) => d >= start);
  const used = inYear.length >= 2 * TERM_ASSESSMENTS.length ? inYear : days;
  const half = Math.ceil(used.length / 2);
  const parts = [used.slice(0, half), used.slice(half)];
  return parts.map((termDays, k) => ({
    id: newId(),
    name: `Term ${k + 1}`,
    startDate: k === 0 && used === inYear ? start : termDays[0],
    endDate: k === parts.length - 1 ? lastDay : (termDays.at(-1) ?? termDays[0]),
    dates: TERM_ASSESSMENTS.map(
      (_, i) => termDays[Math.floor(((i + 1) * termDays.length) / (TERM_ASSESSMENTS.length + 1))],
    ),
  }));
}

/**
 * Every subject of every class gets the term's six assessments, created and marked by the subject's teacher.
 * `?1` school, `?2` term, `?3` the six rows as JSON: [title, type, maxScore, weight, date].
 */
const INSERT_TERM_ASSESSMENTS = `
insert into assessments (school_id, class_id, subject_id, term_id, title, type, date, max_score, weight,
  created_by, marked_by, marked_at, created_at, updated_at)
select s.school_id, s.class_id, s.id, ?2, json_extract(a.value, '$[0]'), json_extract(a.value, '$[1]'),
  json_extract(a.value, '$[4]'), json_extract(a.value, '$[2]'), json_extract(a.value, '$[3]'),
  t.user_id, t.user_id, json_extract(a.value, '$[4]') || 'T10:30:00.000Z',
  json_extract(a.value, '$[4]') || 'T04:00:00.000Z', json_extract(a.value, '$[4]') || 'T10:30:00.000Z'
from subjects s
left join teachers t on t.id = s.teacher_id
cross join json_each(?3) a
where s.school_id = ?1 and s.class_id is not null
order by s.class_id, s.id, a.key`;

/** A mark for every active student of each of the term's assessments: 40 % to 100 % of the maximum. */
const INSERT_TERM_MARKS = `
insert into assessment_marks (assessment_id, student_number, status, score, remarks)
select a.id, st.number, 0, a.max_score * (40 + abs(random()) % 61) / 100, null
from assessments a
join students st on st.school_id = a.school_id and st.class_id = a.class_id and st.status = 'active'
where a.school_id = ?1 and a.term_id = ?2
order by a.id, st.number`;

/** About 3 % absent and 1 % exempt, with no score. */
const MARK_SOME_ABSENT = `
update assessment_marks set status = case abs(random()) % 4 when 0 then 2 else 1 end, score = null
where assessment_id in (select id from assessments where school_id = ?1 and term_id = ?2)
  and abs(random()) % 100 < 4`;

/**
 * The terms of the year, then each term's assessments and marks inside SQLite, one batch a term (three
 * statements, however many rows). Returns how many assessments and marks were written.
 */
export async function writeLargeGrades(client: Client, schoolId: string, terms: LargeTerm[], createdAt: string) {
  await client.batch(
    terms.map((term) => ({
      sql: 'insert into terms (id, school_id, name, start_date, end_date, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
      args: [term.id, schoolId, term.name, term.startDate, term.endDate, createdAt, createdAt],
    })),
    'write',
  );
  for (const term of terms) {
    const rows = TERM_ASSESSMENTS.map((a, i) => [a.title, a.type, a.maxScore, a.weight, term.dates[i]]);
    await client.batch(
      [
        { sql: INSERT_TERM_ASSESSMENTS, args: [schoolId, term.id, JSON.stringify(rows)] },
        { sql: INSERT_TERM_MARKS, args: [schoolId, term.id] },
        { sql: MARK_SOME_ABSENT, args: [schoolId, term.id] },
      ],
      'write',
    );
  }
  const [assessments, marks] = await client.batch(
    [
      { sql: 'select count(*) as n from assessments where school_id = ?', args: [schoolId] },
      {
        sql: 'select count(*) as n from assessment_marks m join assessments a on a.id = m.assessment_id where a.school_id = ?',
        args: [schoolId],
      },
    ],
    'read',
  );
  return { assessments: Number(assessments.rows[0].n), assessment_marks: Number(marks.rows[0].n) };
}
