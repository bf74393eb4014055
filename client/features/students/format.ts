import { formatClassName } from '../../../worker/lib/class-name';
import { RELATION_LABEL } from '../../../worker/modules/students/family-rules';
import type { ClassRef, DayStatus, Gender, StudentCard } from './api';

export const NOT_ASSIGNED = 'Not assigned';

/** A class as the school writes it everywhere ('8-A'). */
export function classLabel(klass: Pick<ClassRef, 'name' | 'section'> | null | undefined): string {
  return klass ? formatClassName(klass) : NOT_ASSIGNED;
}

export const RELATION_LABELS = RELATION_LABEL;
export const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Other' };

/** 'Father: Ravi Rao, Mother: Meera Rao', or the spec's 'No parent info'. */
export function parentSummary(student: Pick<StudentCard, 'parents'>): string {
  if (student.parents.length === 0) return 'No parent info';
  return student.parents.map((p) => `${RELATION_LABELS[p.relation]}: ${p.name}`).join(', ');
}

/** Street and city, or the spec's 'No address'. */
export function addressLine(student: Pick<StudentCard, 'address'>): string {
  const parts = [student.address.street, student.address.city].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'No address';
}

const dateFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date (YYYY-MM-DD) for reading, e.g. '1 Apr 2012'. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '—';
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dateFormat.format(parsed);
}

export type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

export const DAY_LABELS: Record<DayStatus, string> = {
  present: 'Present',
  late: 'Late',
  absent: 'Absent',
  excused: 'Excused',
};

export const DAY_TONES: Record<DayStatus, Tone> = {
  present: 'success',
  late: 'warning',
  absent: 'danger',
  excused: 'info',
};

/** The spec's colours for an attendance percentage: 90 and above green, 75 and above yellow, else red. */
export function rateTone(percent: number): Tone {
  if (percent >= 90) return 'success';
  if (percent >= 75) return 'warning';
  return 'danger';
}

export function percent(attended: number, marked: number): number | null {
  return marked > 0 ? Math.round((attended / marked) * 1000) / 10 : null;
}

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-05' → 'May 2026'. */
export function monthLabel(month: string): string {
  const parsed = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? month : monthFormat.format(parsed);
}
