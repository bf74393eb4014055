import type { BadgeTone } from '~/components/ui/badge';
import { portalToday } from '~/lib/school-time';
import type { AttendanceStatus, Teacher } from './api';

/** Spec-2 section 9. */
export const POSITIONS = [
  'Principal',
  'Vice Principal',
  'Administrative Staff',
  'IT Support',
  'Accountant',
  'HR Manager',
  'Maintenance Staff',
] as const;

export const DEPARTMENTS = ['Administration', 'IT', 'Finance', 'HR', 'Maintenance', 'Transport', 'Library'] as const;

export const SUBJECTS = [
  'Hindi',
  'English',
  'Mathematics',
  'Science',
  'Social Studies (SST)',
  'History',
  'Geography',
  'Civics',
  'Economics',
  'Physics',
  'Chemistry',
  'Biology',
  'Computer Science',
  'Physical Education',
  'Art',
  'Music',
  'Dance',
  'Home Science',
  'Commerce',
  'Accountancy',
  'Business Studies',
] as const;

export const GENDERS = [
  { label: 'Male', value: 'male' },
  { label: 'Female', value: 'female' },
  { label: 'Other', value: 'other' },
] as const;

export const RECENT_TEACHERS = 5;

/** Anything other than false counts as active (spec-2 section 3). */
export const isActive = (teacher: Pick<Teacher, 'isActive'>) => teacher.isActive !== false;

export const STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  'half-day': 'Half Day',
};

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

export const formatPercent = (value: number) => `${value.toFixed(1)}%`;

/** Today in the school's zone, as the API counts it (the device may be anywhere). */
export const localToday = portalToday;

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const longDateFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** A calendar date (YYYY-MM-DD) or an instant, as 'Mar 5, 2025'. */
export function formatDate(value: string | null | undefined) {
  if (!value) return '—';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

export function formatLongDate(value: string) {
  const date = new Date(`${value}T12:00:00`);
  return Number.isNaN(date.getTime()) ? value : longDateFormat.format(date);
}

export function monthName(month: string) {
  const date = new Date(`${month}-01T12:00:00`);
  return Number.isNaN(date.getTime())
    ? month
    : new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(date);
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
