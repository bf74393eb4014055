import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { BadgeTone } from '~/components/ui/badge';
import { currentLanguage, i18n } from '~/lib/i18n';
import { portalToday } from '~/lib/school-time';
import type { AttendanceStatus, Teacher } from './api';

// The spec's lists (spec-2 section 9) name stored values; each is shown in the reader's language where it is known.
const POSITION_LABELS = {
  Principal: msg`Principal`,
  'Vice Principal': msg`Vice Principal`,
  'Administrative Staff': msg`Administrative Staff`,
  'IT Support': msg`IT Support`,
  Accountant: msg`Accountant`,
  'HR Manager': msg`HR Manager`,
  'Maintenance Staff': msg`Maintenance Staff`,
} satisfies Record<string, MessageDescriptor>;

const DEPARTMENT_LABELS = {
  Administration: msg`Administration`,
  IT: msg`IT`,
  Finance: msg`Finance`,
  HR: msg`HR`,
  Maintenance: msg`Maintenance`,
  Transport: msg`Transport`,
  Library: msg`Library`,
  Teaching: msg`Teaching`,
} satisfies Record<string, MessageDescriptor>;

const SUBJECT_LABELS = {
  Hindi: msg`Hindi`,
  English: msg`English`,
  Mathematics: msg`Mathematics`,
  Science: msg`Science`,
  'Social Studies (SST)': msg`Social Studies (SST)`,
  History: msg`History`,
  Geography: msg`Geography`,
  Civics: msg`Civics`,
  Economics: msg`Economics`,
  Physics: msg`Physics`,
  Chemistry: msg`Chemistry`,
  Biology: msg`Biology`,
  'Computer Science': msg`Computer Science`,
  'Physical Education': msg`Physical Education`,
  Art: msg`Art`,
  Music: msg`Music`,
  Dance: msg`Dance`,
  'Home Science': msg`Home Science`,
  Commerce: msg`Commerce`,
  Accountancy: msg`Accountancy`,
  'Business Studies': msg`Business Studies`,
} satisfies Record<string, MessageDescriptor>;

const keys = <Key extends string>(labels: Record<Key, MessageDescriptor>) => Object.keys(labels) as Key[];
export const POSITIONS = keys(POSITION_LABELS);
export const DEPARTMENTS = keys(DEPARTMENT_LABELS).filter((name) => name !== 'Teaching');
export const SUBJECTS = keys(SUBJECT_LABELS);

/** A stored name in the reader's language when it is one of the spec's; a school's own names as they are. */
function known(labels: Record<string, MessageDescriptor>, name: string) {
  const label = Object.hasOwn(labels, name) ? labels[name] : undefined;
  return label ? i18n._(label) : name;
}
export const positionLabel = (name: string) => known(POSITION_LABELS, name);
export const departmentLabel = (name: string) => known(DEPARTMENT_LABELS, name);
export const subjectLabel = (name: string) => known(SUBJECT_LABELS, name);

export const genders = () => [
  { label: t`Male`, value: 'male' },
  { label: t`Female`, value: 'female' },
  { label: t`Other`, value: 'other' },
];

export const RECENT_TEACHERS = 5;

/** Anything other than false counts as active (spec-2 section 3). */
export const isActive = (teacher: Pick<Teacher, 'isActive'>) => teacher.isActive !== false;

const STATUS_NAMES: Record<AttendanceStatus, MessageDescriptor> = {
  present: msg`Present`,
  absent: msg`Absent`,
  late: msg`Late`,
  'half-day': msg`Half Day`,
};
export const statusLabel = (status: AttendanceStatus) => i18n._(STATUS_NAMES[status]);

export const STATUS_TONES: Record<AttendanceStatus, BadgeTone> = {
  present: 'success',
  absent: 'danger',
  late: 'warning',
  'half-day': 'info',
};

/** Attendance %: 90 or above green, 75 or above yellow, otherwise red. */
export function percentTone(percent: number): BadgeTone {
  if (percent >= 90) return 'success';
  if (percent >= 75) return 'warning';
  return 'danger';
}

/** 92.5 → '92.5%' in the reader's language. */
export const formatPercent = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / 100);

/** A whole number in the reader's language. */
export const formatCount = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);

/** Today in the school's zone, as the API counts it (the device may be anywhere). */
export const localToday = portalToday;

const dateFormat = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(currentLanguage(), options);

/** A calendar date (YYYY-MM-DD) or an instant, as 'Mar 5, 2025'. */
export function formatDate(value: string | null | undefined) {
  if (!value) return '—';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : dateFormat({ year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

export function formatLongDate(value: string) {
  const date = new Date(`${value}T12:00:00`);
  return Number.isNaN(date.getTime())
    ? value
    : dateFormat({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}

export function monthName(month: string) {
  const date = new Date(`${month}-01T12:00:00`);
  return Number.isNaN(date.getTime()) ? month : dateFormat({ month: 'long', year: 'numeric' }).format(date);
}

export function initials(name: string) {
  // Titles such as 'Dr.' or 'Mrs.' are not part of the initials.
  const parts = name
    .trim()
    .split(/\s+/)
    .filter((part) => part && !part.endsWith('.'));
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

export const subjectNames = (teacher: Pick<Teacher, 'subjects'>) => teacher.subjects.map((s) => s.name);

export interface TeacherFilters {
  search: string;
  /** '' for all subjects. */
  subject: string;
  status: '' | 'active' | 'inactive';
}

export const NO_FILTERS: TeacherFilters = { search: '', subject: '', status: '' };

/** The screen's search (name, email, phone, designation), subject and status filters. */
export function filterTeachers(teachers: Teacher[], filters: TeacherFilters) {
  const term = filters.search.trim().toLowerCase();
  const subject = filters.subject.toLowerCase();
  return teachers.filter((teacher) => {
    if (filters.status === 'active' && !isActive(teacher)) return false;
    if (filters.status === 'inactive' && isActive(teacher)) return false;
    if (subject && !teacher.subjects.some((s) => s.name.toLowerCase() === subject)) return false;
    if (!term) return true;
    return [teacher.name, teacher.email, teacher.phone, teacher.designation].some((text) =>
      text?.toLowerCase().includes(term),
    );
  });
}

/** A share (0.42) as a whole percentage ('42%') in the reader's language. */
export const formatPercentWhole = (share: number) =>
  new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 0 }).format(share);
