import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '~/lib/api';
import { classLabel } from '~/lib/class-label';
import { teachingQuery } from './api';

/** Who enters the marks: a teacher (their classes and subjects) or the office (every class and subject). */
export type MarksSource =
  | { audience: 'teacher'; client: ApiClient; teacherId: string }
  | { audience: 'admin'; client: ApiClient };

export interface Option {
  value: string;
  label: string;
}

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label, undefined, { numeric: true });

/** The classes to choose from, and the subjects of the chosen class, as the source may mark them. */
export function useMarkChoices(source: MarksSource, classId: string | undefined) {
  const teacherId = source.audience === 'teacher' ? source.teacherId : '';
  const teaching = useQuery({ ...teachingQuery(source.client, teacherId), enabled: source.audience === 'teacher' });
  const allClasses = useQuery({
    queryKey: ['grades', 'office-classes'] as const,
    queryFn: ({ signal }) => source.client.call('GET /classes', { query: { limit: 500 } }, { signal }),
    staleTime: 5 * 60_000,
    enabled: source.audience === 'admin',
  });
  const classSubjects = useQuery({
    queryKey: ['grades', 'office-subjects', classId ?? ''] as const,
    queryFn: ({ signal }) =>
      source.client.call('GET /subjects', { query: { classId: classId ?? '', limit: 200 } }, { signal }),
    staleTime: 5 * 60_000,
    enabled: source.audience === 'admin' && Boolean(classId),
  });

  if (source.audience === 'teacher') {
    const taught = (teaching.data?.assignedSubjects ?? []).filter((s) => s.classId);
    const classes = [...new Map(taught.map((s) => [s.classId?._id ?? '', s.classId])).values()]
      .flatMap((c) => (c ? [{ value: c._id, label: classLabel(c) }] : []))
      .sort(byLabel);
    const subjects = taught
      .filter((s) => s.classId?._id === classId)
      .map((s) => ({ value: s._id, label: s.name }))
      .sort(byLabel);
    return { classes, subjects, pending: teaching.isPending, error: teaching.error, retry: teaching.refetch };
  }
  const classes = (allClasses.data ?? []).map((c) => ({ value: c._id, label: classLabel(c) })).sort(byLabel);
  const subjects = (classSubjects.data ?? []).map((s) => ({ value: s._id, label: s.name })).sort(byLabel);
  return { classes, subjects, pending: allClasses.isPending, error: allClasses.error, retry: allClasses.refetch };
}
