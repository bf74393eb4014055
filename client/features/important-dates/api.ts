import { t } from '@lingui/core/macro';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Row } from '~/lib/answers';
import { type ApiClient, api } from '~/lib/api';
import type { CallJson, CallQuery } from '~/lib/calls';
import { useRealtimeEvent } from '~/lib/realtime';
import { toast } from '~/lib/toast';
import type { listImportantDatesAnswer } from '../../../worker/modules/important-dates/answers';

export const IMPORTANT_DATE_TYPES = ['holiday', 'exam', 'event', 'meeting', 'deadline', 'other'] as const;
export const IMPORTANT_DATE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ImportantDateType = (typeof IMPORTANT_DATE_TYPES)[number];
export type ImportantDatePriority = (typeof IMPORTANT_DATE_PRIORITIES)[number];

export type { ClassRef } from '~/lib/answers';

/** One date as the API answers it. */
export type ImportantDate = Row<typeof listImportantDatesAnswer>;

/** What create and update send (the same body for both). */
/** The date form's values, as its inputs hold them ('' until chosen); `dateBody` makes the body create and update send. */
export interface ImportantDateBody {
  title: string;
  description: string;
  date: string;
  type: ImportantDateType | '';
  priority: ImportantDatePriority;
  classes: string[];
  applyToAllClasses: boolean;
  startTime: string;
  endTime: string;
  location: string;
}

/** What create and update send: one body that both calls take. */
export type ImportantDateSent = CallJson<'POST /important-dates'> & CallJson<'PUT /important-dates/:id'>;

/** The form's values as the body: a type still '' is left out (the server's default); all classes send none. */
export const dateBody = (values: ImportantDateBody): ImportantDateSent => ({
  ...values,
  title: values.title.trim(),
  type: values.type || undefined,
  classes: values.applyToAllClasses ? [] : values.classes,
});

type CalendarQuery = CallQuery<'GET /important-dates/calendar'>;

export interface MonthFilters {
  year: number;
  month: number;
  classId?: string;
  type?: CalendarQuery['type'];
  priority?: CalendarQuery['priority'];
}

export const importantDateKeys = {
  all: ['important-dates'] as const,
  month: (filters: MonthFilters) => ['important-dates', 'calendar', filters] as const,
  upcoming: (audience: string, days: number) => ['important-dates', 'upcoming', audience, days] as const,
  classes: ['important-dates', 'class-options'] as const,
};

/** GET /api/important-dates/calendar: the month's dates, narrowed by the optional filters. */
export const monthQuery = (filters: MonthFilters) =>
  queryOptions({
    queryKey: importantDateKeys.month(filters),
    queryFn: ({ signal }) =>
      api.call(
        'GET /important-dates/calendar',
        {
          query: {
            year: filters.year,
            month: filters.month,
            classId: filters.classId,
            type: filters.type,
            priority: filters.priority,
          },
        },
        { signal },
      ),
  });

/**
 * GET /api/important-dates/upcoming: the next `days` days from the school's today. `client` is the caller's own
 * API client (the school portal's, or the teacher portal's), and `audience` keeps their answers apart.
 */
export const upcomingQuery = (client: ApiClient, audience: string, days = 30) =>
  queryOptions({
    queryKey: importantDateKeys.upcoming(audience, days),
    queryFn: ({ signal }) => client.call('GET /important-dates/upcoming', { query: { days } }, { signal }),
  });

/** The school's classes for the class filter and the form's checklist (GET /api/classes). */
export const classOptionsQuery = () =>
  queryOptions({
    queryKey: importantDateKeys.classes,
    queryFn: ({ signal }) => api.call('GET /classes', { query: { limit: 500 } }, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * Reloads every important-dates answer on screen (the list, the month grid, upcoming panels). This is the hook
 * for live updates: call it when the school's room reports a date created, updated or deleted.
 */
export function reloadImportantDates(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: importantDateKeys.all });
}

/** Dates this tab changed a moment ago: their live echo needs no second toast here. */
const changedHere = new Map<string, number>();
const ECHO_WINDOW_MS = 10_000;

function remember(id: string) {
  changedHere.set(id, Date.now());
}

export function changedOnThisDevice(id: string): boolean {
  const at = changedHere.get(id);
  return at !== undefined && Date.now() - at < ECHO_WINDOW_MS;
}

export function useSaveImportantDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ImportantDateSent }) =>
      id
        ? api.call('PUT /important-dates/:id', { param: { id }, json: body })
        : api.call('POST /important-dates', { json: body }),
    onSuccess: (saved) => {
      remember(saved._id);
      return reloadImportantDates(queryClient);
    },
  });
}

export function useDeleteImportantDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('DELETE /important-dates/:id', { param: { id } }),
    onSuccess: (_answer, id) => {
      remember(id);
      return reloadImportantDates(queryClient);
    },
  });
}

/**
 * Live updates: every device of the school reloads its dates when one is created, updated or deleted
 * elsewhere, and says so for updates and deletions.
 */
export function useLiveImportantDates() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (
      event.type !== 'important_date_created' &&
      event.type !== 'important_date_updated' &&
      event.type !== 'important_date_deleted'
    ) {
      return;
    }
    void reloadImportantDates(queryClient);
    if (changedOnThisDevice(event.data._id)) return;
    if (event.type === 'important_date_updated') toast.info(t`Important date updated`);
    if (event.type === 'important_date_deleted') toast.info(t`Important date deleted`);
  });
}
