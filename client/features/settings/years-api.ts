import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Data, Row } from '~/lib/answers';
import { api } from '~/lib/api';
import type { CallJson } from '~/lib/calls';
import type { listYearsAnswer, rolloverAnswer, studentHistoryAnswer } from '../../../worker/modules/years/answers';

export type SchoolYear = Row<typeof listYearsAnswer>;
export type RolloverPlan = Data<typeof rolloverAnswer>;
export type RolloverBody = CallJson<'POST /years/rollover'>;
export type StudentYear = Row<typeof studentHistoryAnswer>;
export type Decision = 'promote' | 'repeat' | 'leave';

export const yearsKeys = {
  years: ['years'] as const,
  history: (studentId: string) => ['years', 'student', studentId] as const,
};

/** GET /api/years: the school's years, newest first. */
export const yearsQuery = () =>
  queryOptions({
    queryKey: yearsKeys.years,
    queryFn: ({ signal }) => api.call('GET /years', {}, { signal }),
  });

/** GET /api/years/students/:id: a student's class, attendance and results in each year. */
export const studentHistoryQuery = (studentId: string) =>
  queryOptions({
    queryKey: yearsKeys.history(studentId),
    queryFn: ({ signal }) => api.call('GET /years/students/:id', { param: { id: studentId } }, { signal }),
  });

/** Plans the rollover (a dry run) or carries it out; after a real one every screen reloads into the new year. */
export function useRollover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RolloverBody) => api.call('POST /years/rollover', { json: body }),
    onSuccess: (plan) => {
      if (!plan.dryRun) void queryClient.invalidateQueries();
    },
  });
}

/** The year after `year` ("2026-2027" → "2027-2028"). */
export function nextYearName(year: string): string {
  const start = Number(year.slice(0, 4)) + 1;
  return `${start}-${start + 1}`;
}
