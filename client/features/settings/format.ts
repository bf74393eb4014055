import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { currentLanguage, i18n } from '~/lib/i18n';
import { portalTimeZone } from '~/lib/school-time';
import type { ActivityAction } from './api';

/** An instant (a backup, an activity) on the school's clock, in the reader's language. */
export function formatDateTime(iso: string) {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(currentLanguage(), { ...options, timeZone: portalTimeZone() });
  } catch {
    format = new Intl.DateTimeFormat(currentLanguage(), options);
  }
  return format.format(new Date(iso));
}

/** A figure in the reader's language, e.g. 12,345 or १२,३४५. */
export const formatCount = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);

export function formatBytes(bytes: number) {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(currentLanguage(), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    }).format(value);
  if (bytes < 1024) {
    const size = number(bytes, 0);
    return t`${size} B`;
  }
  if (bytes < 1024 * 1024) {
    const size = number(bytes / 1024, 1);
    return t`${size} KB`;
  }
  const size = number(bytes / 1024 / 1024, 1);
  return t`${size} MB`;
}

const ENTITY_LABELS: Record<string, MessageDescriptor> = {
  attendance: msg`Attendance`,
  backup: msg`Backup`,
  class: msg`Class`,
  complaint: msg`Complaint`,
  document: msg`Document`,
  employee: msg`Employee`,
  employee_attendance: msg`Employee attendance`,
  fee_category: msg`Fee category`,
  fee_collection: msg`Fee collection`,
  fee_due: msg`Fee due`,
  fee_receipt: msg`Fee receipt`,
  fee_structure: msg`Fee structure`,
  important_date: msg`Important date`,
  schedule: msg`Schedule`,
  school: msg`School`,
  student: msg`Student`,
  student_attendance: msg`Student attendance`,
  student_import: msg`Student import`,
  subject: msg`Subject`,
  subject_category: msg`Subject category`,
  teacher: msg`Teacher`,
  teacher_attendance: msg`Teacher attendance`,
  transfer_certificate: msg`Transfer certificate`,
};

/** The kinds of record the activity log can be filtered by. */
export const ENTITIES = Object.keys(ENTITY_LABELS);

/** 'fee_structure' → 'Fee structure'; a kind this list does not know yet is spelled out from its name. */
export function entityLabel(entity: string) {
  const known = ENTITY_LABELS[entity];
  if (known) return i18n._(known);
  const words = entity.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ACTION_LABELS: Record<ActivityAction, MessageDescriptor> = {
  create: msg`Create`,
  update: msg`Update`,
  delete: msg`Delete`,
  read: msg`Read`,
  export: msg`Export`,
  restore: msg`Restore`,
};

export const actionLabel = (action: ActivityAction) => {
  const known = ACTION_LABELS[action];
  return known ? i18n._(known) : action.charAt(0).toUpperCase() + action.slice(1);
};

/** A calendar day (YYYY-MM-DD) in the reader's language, e.g. '1 Apr 2026'. */
export function formatDay(date: string) {
  return new Intl.DateTimeFormat(currentLanguage(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** The first and last days of an academic year named "2026-2027" that starts in `startMonth`; null for another name. */
export function academicYearRange(name: string, startMonth: number) {
  const match = /^(\d{4})\s*[-–/]\s*(\d{2}|\d{4})$/.exec(name.trim());
  if (!match || startMonth < 1 || startMonth > 12) return null;
  const first = Number(match[1]);
  const start = `${first}-${String(startMonth).padStart(2, '0')}-01`;
  const next = new Date(Date.UTC(first + 1, startMonth - 1, 1) - 86_400_000);
  return { start, end: next.toISOString().slice(0, 10) };
}
