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

/** How often a report made in the background is asked after. */
const POLL_MS = 1_000;

/**
 * A report file, written in the screen's language, saved under the server's name. A large PDF or workbook is made
 * in the background: its progress (0 to 100) goes to `onProgress` until it is ready, then the file is saved.
 */
export const downloadReport = (
  path: string,
  query: Record<string, string | undefined>,
  fallbackName: string,
  onProgress?: (percent: number) => void,
) =>
  downloadFile(path, fallbackName, query, { 'Accept-Language': currentLanguage() }, (body) =>
    followJob((body as { data: { _id: string; percent: number } }).data, fallbackName, onProgress),
  );

/** Asks after a background report until it is ready, then saves its file; a failed one throws its message. */
async function followJob(
  job: { _id: string; percent: number },
  fallbackName: string,
  onProgress?: (n: number) => void,
) {
  onProgress?.(job.percent);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const now = await api.call('GET /reports/jobs/:id', { param: { id: job._id } });
    onProgress?.(now.percent);
    if (now.state === 'failed') throw new Error(now.error ?? '');
    if (now.state === 'ready') return downloadFile(`/reports/jobs/${job._id}/file`, fallbackName);
  }
}
