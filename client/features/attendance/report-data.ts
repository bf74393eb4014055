import type { ClassRef, ClassStats, StudentRef } from './api';

interface Counts {
  total: number;
  present: number;
  absent: number;
  late: number;
  excused: number;
}

const none = (): Counts => ({ total: 0, present: 0, absent: 0, late: 0, excused: 0 });

function add(into: Counts, from: Counts) {
  into.total += from.total;
  into.present += from.present;
  into.absent += from.absent;
  into.late += from.late;
  into.excused += from.excused;
}

/** As the server counts it: late is attended, excused is left out of the base; null when nothing counts. */
export function rateOf(c: Counts): number | null {
  const counted = c.total - c.excused;
  return counted > 0 ? ((c.present + c.late) / counted) * 100 : null;
}

export interface StudentLine {
  student: StudentRef;
  klass: ClassRef;
  absent: number;
  late: number;
  total: number;
  rate: number | null;
}

export interface Report {
  overall: { rate: number | null; marks: number; absent: number; days: number };
  months: { month: string; rate: number }[];
  classes: { klass: ClassRef; rate: number | null; marks: number }[];
  best: { klass: ClassRef; rate: number } | null;
  mostAbsent: StudentLine[];
  perfect: StudentLine[];
}

/** The reports tab's figures, from each class's statistics over the same range. */
export function buildReport(all: ClassStats[], mostAbsentCount = 5): Report {
  const overall = none();
  const months = new Map<string, Counts>();
  const days = new Set<string>();
  const students: StudentLine[] = [];

  for (const stats of all) {
    add(overall, stats.summary);
    for (const day of stats.dates) {
      days.add(day.date);
      const key = day.date.slice(0, 7);
      const month = months.get(key) ?? none();
      add(month, day);
      months.set(key, month);
    }
    for (const s of stats.students) {
      if (!s.inClass || s.total === 0) continue;
      students.push({
        student: s.student,
        klass: stats.class,
        absent: s.absent,
        late: s.late,
        total: s.total,
        rate: rateOf(s),
      });
    }
  }

  const classes = all.map((stats) => ({
    klass: stats.class,
    rate: rateOf(stats.summary),
    marks: stats.summary.total,
  }));
  const best = classes.reduce<Report['best']>(
    (top, c) => (c.rate !== null && (top === null || c.rate > top.rate) ? { klass: c.klass, rate: c.rate } : top),
    null,
  );

  return {
    overall: { rate: rateOf(overall), marks: overall.total, absent: overall.absent, days: days.size },
    months: [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([month, counts]) => {
        const rate = rateOf(counts);
        return rate === null ? [] : [{ month, rate }];
      }),
    classes,
    best,
    mostAbsent: students
      .filter((s) => s.absent > 0)
      .sort(
        (a, b) => b.absent - a.absent || (a.rate ?? 0) - (b.rate ?? 0) || a.student.name.localeCompare(b.student.name),
      )
      .slice(0, mostAbsentCount),
    perfect: students
      .filter((s) => s.absent === 0 && s.late === 0)
      .sort((a, b) => b.total - a.total || a.student.name.localeCompare(b.student.name)),
  };
}
