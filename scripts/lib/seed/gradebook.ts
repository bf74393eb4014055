import { sql } from 'drizzle-orm';
import type { Database } from '../../../worker/db/database';
import { assessmentMarks, assessments, reportPublications, terms } from '../../../worker/db/schema';
import { newId } from '../../../worker/db/schema/columns';
import { addDays, weekdayOf } from '../../../worker/lib/time';

/**
 * The demo's gradebook: the year in two terms (April to September, October to March), each with a CBSE-like set of
 * assessments for every subject of every class, dated on school days up to yesterday and marked by the subject's
 * teacher. Term 1's report cards are published once it has ended, so families see results from the first visit.
 */

/** Each term's assessments, at a fraction of the way through the term. Maximum marks in whole marks. */
const TERM_PLAN = [
  { title: 'Unit test 1', type: 'test', maxMarks: 25, weight: 1, at: 0.12 },
  { title: 'Class quiz', type: 'quiz', maxMarks: 10, weight: 0.5, at: 0.25 },
  { title: 'Project', type: 'project', maxMarks: 20, weight: 1, at: 0.45 },
  { title: 'Unit test 2', type: 'test', maxMarks: 25, weight: 1, at: 0.65 },
  { title: 'Term exam', type: 'exam', maxMarks: 80, weight: 3, at: 0.9 },
] as const;

export interface DemoTerm {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  /** [title, type, max score in hundredths, weight, date] of the assessments already held. */
  held: [string, string, number, number, string][];
}

const monthsLater = (date: string, months: number) => {
  const [y, m] = date.split('-').map(Number);
  const month = m - 1 + months;
  return `${y + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
};

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The nearest weekday on or before a date. */
function schoolDayBefore(date: string) {
  let d = date;
  while (weekdayOf(d) === 0 || weekdayOf(d) === 6) d = addDays(d, -1);
  return d;
}

/** The two terms of the year starting `yearStart`, with the assessments held before `today`. */
export function demoTerms(yearStart: string, today: string): DemoTerm[] {
  const halfway = monthsLater(yearStart, 6);
  const spans = [
    { name: 'Term 1', startDate: yearStart, endDate: addDays(halfway, -1) },
    { name: 'Term 2', startDate: halfway, endDate: addDays(monthsLater(yearStart, 12), -1) },
  ];
  return spans.map((span) => {
    const length = daysBetween(span.startDate, span.endDate);
    const held = TERM_PLAN.map(
      (a) =>
        [
          a.title,
          a.type,
          a.maxMarks * 100,
          a.weight,
          schoolDayBefore(addDays(span.startDate, Math.round(length * a.at))),
        ] as DemoTerm['held'][number],
    ).filter(([, , , , date]) => date < today);
    return { id: newId(), ...span, held };
  });
}

/**
 * Every subject of every class gets the term's assessments held so far, created and marked by its teacher. `?2`
 * the term, `?3` the rows as JSON.
 */
const assessmentsOf = (schoolId: string, term: DemoTerm) => sql`
select null, s.school_id, s.class_id, s.id, ${term.id}, json_extract(a.value, '$[0]'), json_extract(a.value, '$[1]'),
  json_extract(a.value, '$[4]'), json_extract(a.value, '$[2]'), json_extract(a.value, '$[3]'),
  t.user_id, t.user_id, json_extract(a.value, '$[4]') || 'T10:30:00.000Z',
  json_extract(a.value, '$[4]') || 'T04:00:00.000Z', json_extract(a.value, '$[4]') || 'T10:30:00.000Z'
from subjects s
left join teachers t on t.id = s.teacher_id
cross join json_each(${JSON.stringify(term.held)}) a
where s.school_id = ${schoolId} and s.class_id is not null
order by s.class_id, s.id, a.key`;

/**
 * A mark for every pupil enrolled by the assessment's day: each pupil has a steady level (45–84 %), each class
 * drifts up or down by a few points from term to term, and each paper moves a mark by up to 16 points, so classes
 * show a spread and a trend. About one paper in 37 is missed.
 */
const marksOf = (schoolId: string, term: DemoTerm, termIndex: number) => sql`
select a.id, st.number,
  case when (st.number * 13 + a.id * 7) % 37 = 0 then 1 else 0 end,
  case when (st.number * 13 + a.id * 7) % 37 = 0 then null
    else a.max_score * max(0, min(100, 45 + (st.number * 7919) % 40 + (a.id * 31 + st.number * 17) % 17
      + (cast(c.name as integer) * 3 + unicode(c.section) + ${termIndex} * 5) % 9 - 4)) / 100 end,
  case when (st.number * 13 + a.id * 7) % 37 = 0 then 'Absent on the day' else null end
from assessments a
join classes c on c.id = a.class_id
join students st on st.school_id = a.school_id and st.class_id = a.class_id and st.status = 'active'
  and st.admission_date <= a.date
where a.school_id = ${schoolId} and a.term_id = ${term.id}
order by a.id, st.number`;

/** A term that has ended has its report cards published for every class, by the office, the day after. */
const publicationsOf = (schoolId: string, term: DemoTerm, publishedBy: string, publishedAt: string) => sql`
select school_id, id, ${term.id}, ${publishedBy}, ${publishedAt} from classes where school_id = ${schoolId}`;

/** The statements of the demo's gradebook: one batch, however many classes and pupils. */
export function gradebookStatements(
  db: Database,
  input: { schoolId: string; yearStart: string; today: string; adminUserId: string; stamp: string },
) {
  const { schoolId, yearStart, today, adminUserId, stamp } = input;
  const yearTerms = demoTerms(yearStart, today);
  const statements = [
    db
      .insert(terms)
      .values(yearTerms.map(({ held: _, ...term }) => ({ ...term, schoolId, createdAt: stamp, updatedAt: stamp }))),
  ];
  for (const [termIndex, term] of yearTerms.entries()) {
    if (term.held.length === 0) continue;
    // Insert builders over a select, in the tables' column order: drizzle's D1 batch takes no raw statements.
    statements.push(
      db.insert(assessments).select(assessmentsOf(schoolId, term)) as never,
      db.insert(assessmentMarks).select(marksOf(schoolId, term, termIndex)) as never,
    );
    if (term.endDate < today) {
      const publishedAt = `${addDays(term.endDate, 1)}T06:30:00.000Z`;
      statements.push(
        db.insert(reportPublications).select(publicationsOf(schoolId, term, adminUserId, publishedAt)) as never,
      );
    }
  }
  return statements;
}
