import { useEffect, useMemo, useState } from 'react';
import type { MarkSheet, MarkStatus, MarksBody } from './api';

export interface DraftMark {
  status: MarkStatus;
  /** As typed: checked against the maximum before saving. */
  score: string;
}

const fromSheet = (sheet: MarkSheet) =>
  Object.fromEntries(
    sheet.students.map((s) => [
      s._id,
      { status: s.mark?.status ?? 'scored', score: s.mark?.score == null ? '' : String(s.mark.score) } as DraftMark,
    ]),
  );

const same = (a: DraftMark, b: DraftMark) =>
  a.status === b.status && (a.status !== 'scored' || a.score.trim() === b.score.trim());

/** A number of marks with at most two decimals, from 0 to the maximum; null when the text is not one. */
export function parseScore(text: string, max: number): number | null {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > max) return null;
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 ? value : null;
}

/** The sheet's marks as the teacher edits them, what changed since the last save, and the body that saves them. */
export function useMarksDraft(sheet: MarkSheet | undefined) {
  const saved = useMemo(() => (sheet ? fromSheet(sheet) : null), [sheet]);
  const [marks, setMarks] = useState<Record<string, DraftMark> | null>(saved);
  useEffect(() => setMarks(saved), [saved]);
  const max = sheet?.assessment.maxMarks ?? 0;
  const entered = (m: DraftMark) => m.status !== 'scored' || m.score.trim() !== '';
  const changedIds =
    marks && saved ? Object.keys(marks).filter((id) => entered(marks[id]) && !same(marks[id], saved[id])) : [];
  const invalidIds = marks
    ? Object.keys(marks).filter(
        (id) =>
          marks[id].status === 'scored' && marks[id].score.trim() !== '' && parseScore(marks[id].score, max) === null,
      )
    : [];
  return {
    marks,
    changedIds,
    invalidIds,
    enteredCount: marks ? Object.values(marks).filter(entered).length : 0,
    setMark: (id: string, mark: DraftMark) => setMarks((all) => (all ? { ...all, [id]: mark } : all)),
    body(): MarksBody {
      const list = Object.entries(marks ?? {})
        .filter(([id]) => changedIds.includes(id))
        .map(([studentId, m]) =>
          m.status === 'scored'
            ? { studentId, status: m.status, score: parseScore(m.score, max) ?? 0 }
            : { studentId, status: m.status },
        );
      return { marks: list };
    },
  };
}
