import { t } from '@lingui/core/macro';
import type { ScaleBody } from './grading-api';

/** A band as typed: text until it is checked. */
export interface DraftBand {
  minPercent: string;
  grade: string;
  points: string;
}

export const toDraft = (bands: ScaleBody['bands']): DraftBand[] =>
  [...bands]
    .sort((a, b) => b.minPercent - a.minPercent)
    .map((b) => ({ minPercent: String(b.minPercent), grade: b.grade, points: String(b.points) }));

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/**
 * The server's checks of a scale (worker/modules/grades/schemas.ts), in the reader's language: each band's
 * numbers and grade, starts and grades named once, one band at 0%. Gives each band its highest percentage, the
 * body to send (highest band first) when all is well, and the order of the draft's rows in that body.
 */
export function checkScale(bands: DraftBand[]) {
  const rows: Record<number, string> = {};
  const whole: string[] = [];
  const starts = new Map<number, number>();
  const grades = new Map<string, number>();
  const parsed = bands.map((band, index) => {
    const minPercent = number(band.minPercent);
    const points = number(band.points);
    const grade = band.grade.trim();
    if (!Number.isInteger(minPercent) || minPercent < 0 || minPercent > 100)
      rows[index] = t`Lowest percentage must be a whole number from 0 to 100`;
    else if (starts.has(minPercent)) rows[index] = t`Two bands start at the same percentage`;
    else if (!grade) rows[index] = t`Grade is required`;
    else if (grades.has(grade.toLowerCase())) rows[index] = t`Each grade is named once`;
    else if (!Number.isFinite(points) || points < 0 || points > 100)
      rows[index] = t`Grade points must be a number from 0 to 100`;
    if (Number.isInteger(minPercent)) starts.set(minPercent, index);
    if (grade) grades.set(grade.toLowerCase(), index);
    return { minPercent, grade, points, index };
  });
  if (bands.length < 2) whole.push(t`A grading scale has at least 2 bands`);
  if (bands.length > 20) whole.push(t`A grading scale has at most 20 bands`);
  if (!starts.has(0)) whole.push(t`The lowest band must start at 0%`);

  const sorted = parsed
    .filter((b) => Number.isInteger(b.minPercent) && b.minPercent >= 0 && b.minPercent <= 100)
    .sort((a, b) => b.minPercent - a.minPercent);
  const maxima: Record<number, number> = {};
  sorted.forEach((band, i) => {
    const above = sorted
      .slice(0, i)
      .reverse()
      .find((b) => b.minPercent > band.minPercent);
    maxima[band.index] = above ? above.minPercent - 1 : 100;
  });

  const valid = Object.keys(rows).length === 0 && whole.length === 0;
  const ordered = [...parsed].sort((a, b) => b.minPercent - a.minPercent);
  return {
    rows,
    whole,
    maxima,
    order: ordered.map((b) => b.index),
    body: valid
      ? { bands: ordered.map(({ minPercent, grade, points }) => ({ minPercent, grade, points })) }
      : (null as ScaleBody | null),
  };
}
