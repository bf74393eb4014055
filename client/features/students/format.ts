import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { classLabel as sharedClassLabel } from '~/lib/class-label';
import { currentLanguage, i18n } from '~/lib/i18n';
import type { ClassRef, DayStatus, Gender, Relation, StudentCard } from './api';

/** A class as the school writes it everywhere ('8-A'), or 'Not assigned'. */
export function classLabel(klass: Pick<ClassRef, 'name' | 'section'> | null | undefined): string {
  return klass ? sharedClassLabel(klass) : t`Not assigned`;
}

/** 'A, B, C' with the language's own separator. */
export function listOf(items: string[]) {
  return new Intl.ListFormat(currentLanguage(), { type: 'unit', style: 'short' }).format(items);
}

const RELATION_NAMES: Record<Relation, MessageDescriptor> = {
  father: msg`Father`,
  mother: msg`Mother`,
  guardian: msg`Guardian`,
};
const GENDER_NAMES: Record<Gender, MessageDescriptor> = { male: msg`Male`, female: msg`Female`, other: msg`Other` };

export const relationLabel = (relation: Relation) => i18n._(RELATION_NAMES[relation]);
export const genderLabel = (gender: Gender) => i18n._(GENDER_NAMES[gender]);

/** 'Father: Ravi Rao, Mother: Meera Rao', or the spec's 'No parent info'. */
export function parentSummary(student: Pick<StudentCard, 'parents'>): string {
  if (student.parents.length === 0) return t`No parent info`;
  return listOf(
    student.parents.map((p) => {
      const relation = relationLabel(p.relation);
      return t`${relation}: ${p.name}`;
    }),
  );
}

/** Street and city, or null when the record has neither. */
export function addressLine(student: Pick<StudentCard, 'address'>): string | null {
  const parts = [student.address.street, student.address.city].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per language and options, made when first needed so a change of language is followed. */
function dateFormat(options: Intl.DateTimeFormatOptions) {
  const language = currentLanguage();
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** A calendar date (YYYY-MM-DD) for reading, e.g. 'Apr 1, 2012'. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '—';
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? date
    : dateFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(parsed);
}

/** A percentage with one decimal, e.g. '92.5%'. */
export function formatPercent(value: number): string {
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / 100);
}

export type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

const DAY_NAMES: Record<DayStatus, MessageDescriptor> = {
  present: msg`Present`,
  late: msg`Late`,
  absent: msg`Absent`,
  excused: msg`Excused`,
};

/** 'Present', 'Late', … or the status as stored when it is none of them. */
export const dayLabel = (status: DayStatus) => (DAY_NAMES[status] ? i18n._(DAY_NAMES[status]) : status);

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

/** '2026-05' → 'May 2026'. */
export function monthLabel(month: string): string {
  const parsed = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? month : dateFormat({ month: 'long', year: 'numeric' }).format(parsed);
}
