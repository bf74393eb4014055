import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '~/lib/api';
import { viewYear } from '~/lib/viewed-year';

/** GET /api/years: the school's years, newest first, the current one flagged (the settings screen reads it too). */
export const schoolYearsQuery = () =>
  queryOptions({
    queryKey: ['years'] as const,
    queryFn: ({ signal }) => api.call('GET /years', {}, { signal }),
    staleTime: 60_000,
  });

/** Shows another year (null: the current one): every screen's data is read again for it. */
export function switchYear(queryClient: QueryClient, schoolId: string, year: string | null) {
  viewYear(schoolId, year);
  // Reset, not invalidate: a screen must not show one year's figures under another's name while it reloads.
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== 'years' });
}
