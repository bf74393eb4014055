import { queryOptions } from '@tanstack/react-query';
import type { Data } from '~/lib/answers';
import { api } from '~/lib/api';
import { downloadFile } from '~/lib/download';
import { currentLanguage } from '~/lib/i18n';
import type { monthReportAnswer } from '../../../worker/modules/reports/attendance-answers';

/** `GET /api/reports/attendance/students` and `/staff`: a month's register grid as a report table. */
export type MonthReport = Data<typeof monthReportAnswer>;
export type FileFormat = 'csv' | 'xlsx' | 'pdf';

export const studentsMonthQuery = (classId: string, month: string) =>
  queryOptions({
    queryKey: ['reports', 'attendance', 'students', classId, month] as const,
    queryFn: ({ signal }) => api.call('GET /reports/attendance/students', { query: { classId, month } }, { signal }),
    enabled: classId !== '',
    staleTime: 60_000,
  });

export const staffMonthQuery = (month: string) =>
  queryOptions({
    queryKey: ['reports', 'attendance', 'staff', month] as const,
    queryFn: ({ signal }) => api.call('GET /reports/attendance/staff', { query: { month } }, { signal }),
    staleTime: 60_000,
  });

export const reportClassesQuery = () =>
  queryOptions({
    queryKey: ['reports', 'classes'] as const,
    queryFn: ({ signal }) => api.call('GET /classes', { query: { limit: 500 } }, { signal }),
    staleTime: 5 * 60_000,
  });

/** A report file, written in the screen's language, saved under the server's name. */
export const downloadReport = (path: string, query: Record<string, string>, fallbackName: string) =>
  downloadFile(path, fallbackName, query, { 'Accept-Language': currentLanguage() });
