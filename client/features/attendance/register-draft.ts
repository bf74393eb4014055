import { useCallback, useMemo, useState } from 'react';
import { type Register, type RegisterBody, STUDENT_STATUSES, type StudentStatus } from './api';

export interface Mark {
  status: StudentStatus;
  remarks: string;
}

type Marks = Record<string, Mark>;

interface Draft {
  /** The answer the draft was last aligned with. */
  source: Register;
  key: string;
  /** What the server holds (unmarked students count as present, as the register starts). */
  saved: Marks;
  current: Marks;
}

const keyOf = (r: Register) => `${r.class._id}|${r.subject._id}|${r.date}`;

function marksOf(register: Register): Marks {
  const marks: Marks = {};
  for (const s of register.students) {
    marks[s._id] = { status: s.attendance?.status ?? 'present', remarks: s.attendance?.remarks ?? '' };
  }
  return marks;
}

const same = (a: Mark | undefined, b: Mark | undefined) =>
  a?.status === b?.status && (a?.remarks ?? '').trim() === (b?.remarks ?? '').trim();

function changedIn(draft: Draft) {
  return Object.keys(draft.current).filter((id) => !same(draft.current[id], draft.saved[id]));
}

/**
 * The teacher's marks before saving. A fresh answer from the server (a reload, another device saving)
 * replaces every mark not changed here, so it shows the others' marks and never wipes what is being tapped.
 */
export function useRegisterDraft(register: Register | undefined) {
  const [draft, setDraft] = useState<Draft | null>(null);

  if (register && draft?.source !== register) {
    const fresh = marksOf(register);
    const key = keyOf(register);
    if (!draft || draft.key !== key || changedIn(draft).length === 0) {
      setDraft({ source: register, key, saved: fresh, current: fresh });
    } else {
      // Marks saved elsewhere show up; only the students changed here keep this person's marks.
      const current = { ...fresh };
      for (const id of changedIn(draft)) if (id in fresh) current[id] = draft.current[id];
      setDraft({ ...draft, source: register, saved: fresh, current });
    }
  }

  const current = draft && register && draft.key === keyOf(register) ? draft.current : null;

  const setMark = useCallback((studentId: string, change: Partial<Mark>) => {
    setDraft((d) => (d ? { ...d, current: { ...d.current, [studentId]: { ...d.current[studentId], ...change } } } : d));
  }, []);

  const markAll = useCallback((status: StudentStatus) => {
    setDraft((d) => {
      if (!d) return d;
      const next: Marks = {};
      for (const [id, mark] of Object.entries(d.current)) next[id] = { ...mark, status };
      return { ...d, current: next };
    });
  }, []);

  /** After a save: what is on screen is now what the server holds. */
  const markSaved = useCallback(() => {
    setDraft((d) => (d ? { ...d, saved: d.current } : d));
  }, []);

  const counts = useMemo(() => {
    const tally = Object.fromEntries(STUDENT_STATUSES.map((s) => [s, 0])) as Record<StudentStatus, number>;
    for (const mark of Object.values(current ?? {})) tally[mark.status] += 1;
    return tally;
  }, [current]);

  const changed = draft && current ? changedIn(draft).length : 0;

  const body = (register: Register): RegisterBody => ({
    classId: register.class._id,
    subjectId: register.subject._id,
    date: register.date,
    records: register.students.map((s) => ({
      studentId: s._id,
      status: current?.[s._id]?.status ?? 'present',
      remarks: current?.[s._id]?.remarks.trim() || null,
    })),
  });

  return { marks: current, counts, changed, setMark, markAll, markSaved, body };
}
