import { t } from '@lingui/core/macro';

/** The screen's tabs in the spec's order. Texts are read at render. */
export const reports = () => [
  { id: 'report-card', label: t`Students Report Card` },
  { id: 'students-info', label: t`Students Info Report` },
  { id: 'parents-info', label: t`Parents Info Report` },
  { id: 'student-attendance', label: t`Students Monthly Attendance Report` },
  { id: 'staff-attendance', label: t`Staff Monthly Attendance Report` },
  { id: 'fee-collection', label: t`Fee Collection Report` },
  { id: 'progress', label: t`Student Progress Report` },
  { id: 'accounts', label: t`Accounts Report` },
];

export const reportTypes = () => [
  { value: 'student', label: t`Student` },
  { value: 'attendance', label: t`Attendance` },
  { value: 'financial', label: t`Financial` },
  { value: 'performance', label: t`Performance` },
];
export const dateRanges = () => [
  { value: '7-days', label: t`Last 7 days` },
  { value: '30-days', label: t`Last 30 days` },
  { value: '3-months', label: t`Last 3 months` },
  { value: 'custom', label: t`Custom Range` },
];
// i18n-ignore: file formats' own names.
export const FORMATS = ['PDF', 'Excel', 'CSV'].map((value) => ({ value, label: value }));
