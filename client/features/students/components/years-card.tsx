import { queryOptions, useQuery } from '@tanstack/react-query';
import { YearsCard } from '~/components/years-card';
import { useCurrency } from '~/features/fees';
import { api } from '~/lib/api';

const historyQuery = (studentId: string) =>
  queryOptions({
    queryKey: ['years', 'student', studentId],
    queryFn: ({ signal }) => api.call('GET /years/students/:id', { param: { id: studentId } }, { signal }),
  });

/** The student profile's years, as the office sees them: every term's results. */
export function StudentYearsCard({ studentId }: { studentId: string }) {
  const history = useQuery(historyQuery(studentId));
  return <YearsCard history={history} currency={useCurrency()} />;
}
