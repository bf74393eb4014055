import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Data } from '~/lib/answers';
import { api } from '~/lib/api';
import type { CallJson } from '~/lib/calls';
import { downloadCall } from '~/lib/download';
import { useRealtimeEvent } from '~/lib/realtime';
import type { classResultsAnswer } from '../../../worker/modules/grades/answers';

export type ClassResults = Data<typeof classResultsAnswer>;
export type PublicationBody = CallJson<'PUT /grades/publications'>;

export const progressKeys = {
  classes: ['progress', 'classes'] as const,
  terms: ['progress', 'terms'] as const,
  results: (classId: string, termId: string) => ['progress', 'results', classId, termId] as const,
  publications: (classId: string) => ['progress', 'publications', classId] as const,
};

export const classesQuery = () =>
  queryOptions({
    queryKey: progressKeys.classes,
    queryFn: ({ signal }) => api.call('GET /classes', { query: { limit: 500 } }, { signal }),
    staleTime: 5 * 60_000,
  });

export const termsQuery = () =>
  queryOptions({
    queryKey: progressKeys.terms,
    queryFn: ({ signal }) => api.call('GET /grades/terms', {}, { signal }),
    staleTime: 5 * 60_000,
  });

/** `GET /api/grades/results`: every current student × subject of the class's term. */
export const resultsQuery = (classId: string, termId: string) =>
  queryOptions({
    queryKey: progressKeys.results(classId, termId),
    queryFn: ({ signal }) => api.call('GET /grades/results', { query: { classId, termId } }, { signal }),
  });

export const publicationsQuery = (classId: string) =>
  queryOptions({
    queryKey: progressKeys.publications(classId),
    queryFn: ({ signal }) => api.call('GET /grades/publications', { query: { classId } }, { signal }),
  });

export function useSetPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicationBody) => api.call('PUT /grades/publications', { json: body }),
    onSuccess: (_, body) => queryClient.invalidateQueries({ queryKey: progressKeys.publications(body.classId) }),
  });
}

/** Live: marks saved or report cards published elsewhere reload what this tab shows of the class. */
export function useLiveResults(classId: string | undefined) {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (!classId) return;
    if ((event.type === 'marks_saved' || event.type === 'results_published') && event.data.classId === classId) {
      void queryClient.invalidateQueries({ queryKey: ['progress', 'results', classId] });
      void queryClient.invalidateQueries({ queryKey: progressKeys.publications(classId) });
    }
  });
}

/** The class's report cards of the term, one PDF with a page per student. */
export const downloadClassReportCards = (classId: string, termId: string, name: string) =>
  downloadCall('GET /grades/report-cards', `report-cards-${name}.pdf`, { query: { classId, termId } });
