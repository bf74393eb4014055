import type { Rng } from './random';

/** The school day: eight periods, with a short break after the second, lunch after the fourth and a break after the sixth. */
export const PERIODS = [
  { start: '08:00', end: '08:45' },
  { start: '08:45', end: '09:30' },
  { start: '09:45', end: '10:30' },
  { start: '10:30', end: '11:15' },
  { start: '11:45', end: '12:30' },
  { start: '12:30', end: '13:15' },
  { start: '13:45', end: '14:30' },
  { start: '14:30', end: '15:15' },
] as const;

export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

/** One subject of one class: who teaches it and how many periods a week (at most one a day). */
export interface CourseLoad {
  classIndex: number;
  course: number;
  teacher: number;
  perWeek: number;
}

export interface Slot {
  classIndex: number;
  course: number;
  teacher: number;
  day: number;
  period: number;
}

/**
 * A clash-free week: each course gets its periods on distinct days (days balanced per class and per teacher),
 * then each day's lessons are given periods by bipartite edge colouring (classes × teachers), which never needs
 * more periods than the busiest class or teacher has lessons that day.
 */
export function buildTimetable(loads: CourseLoad[], classCount: number, teacherCount: number, rng: Rng): Slot[] {
  const classDay = Array.from({ length: classCount }, () => DAYS.map(() => 0));
  const teacherDay = Array.from({ length: teacherCount }, () => DAYS.map(() => 0));
  const lessonsByDay: { classIndex: number; course: number; teacher: number }[][] = DAYS.map(() => []);

  const ordered = [...loads].sort((a, b) => a.classIndex - b.classIndex || b.perWeek - a.perWeek);
  for (const load of ordered) {
    if (load.perWeek > DAYS.length) throw new Error('A course can have at most one period a day');
    const used = new Set<number>();
    for (let k = 0; k < load.perWeek; k++) {
      let best = -1;
      let bestScore = Number.POSITIVE_INFINITY;
      for (let d = 0; d < DAYS.length; d++) {
        if (used.has(d)) continue;
        const score = classDay[load.classIndex][d] * 100 + teacherDay[load.teacher][d] * 10 + rng.next();
        if (score < bestScore) {
          bestScore = score;
          best = d;
        }
      }
      used.add(best);
      classDay[load.classIndex][best]++;
      teacherDay[load.teacher][best]++;
      lessonsByDay[best].push({ classIndex: load.classIndex, course: load.course, teacher: load.teacher });
    }
  }

  const slots: Slot[] = [];
  lessonsByDay.forEach((lessons, day) => {
    for (const { lesson, period } of colourEdges(rng.shuffle(lessons), classCount, teacherCount, PERIODS.length))
      slots.push({ ...lesson, day, period });
  });
  return slots;
}

/** König's edge colouring: free colour a at the class, b at the teacher; flip the a/b path from the teacher if needed. */
function colourEdges<L extends { classIndex: number; teacher: number }>(
  lessons: L[],
  classCount: number,
  teacherCount: number,
  palette: number,
): { lesson: L; period: number }[] {
  const colour = lessons.map(() => -1);
  const atClass = Array.from({ length: classCount }, () => new Array<number>(palette).fill(-1));
  const atTeacher = Array.from({ length: teacherCount }, () => new Array<number>(palette).fill(-1));
  const freeAt = (row: number[]) => {
    const c = row.indexOf(-1);
    if (c === -1) throw new Error('More lessons in a day than there are periods');
    return c;
  };

  lessons.forEach((lesson, e) => {
    const a = freeAt(atClass[lesson.classIndex]);
    const b = freeAt(atTeacher[lesson.teacher]);
    if (atTeacher[lesson.teacher][a] !== -1) {
      const path: number[] = [];
      let onTeacher = true;
      let vertex = lesson.teacher;
      let want = a;
      for (;;) {
        const next = onTeacher ? atTeacher[vertex][want] : atClass[vertex][want];
        if (next === -1) break;
        path.push(next);
        vertex = onTeacher ? lessons[next].classIndex : lessons[next].teacher;
        onTeacher = !onTeacher;
        want = want === a ? b : a;
      }
      for (const p of path) {
        atClass[lessons[p].classIndex][colour[p]] = -1;
        atTeacher[lessons[p].teacher][colour[p]] = -1;
      }
      for (const p of path) {
        colour[p] = colour[p] === a ? b : a;
        atClass[lessons[p].classIndex][colour[p]] = p;
        atTeacher[lessons[p].teacher][colour[p]] = p;
      }
    }
    colour[e] = a;
    atClass[lesson.classIndex][a] = e;
    atTeacher[lesson.teacher][a] = e;
  });
  return lessons.map((lesson, e) => ({ lesson, period: colour[e] }));
}
