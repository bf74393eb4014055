import { useQuery } from '@tanstack/react-query';
import type { SelectOption } from '~/components/ui/select';
import type { ApiClient } from '~/lib/api';
import { type ClassRef, classesQuery, ownTeachingQuery, subjectsOfClassQuery } from '../../api';
import { classLabel } from '../../format';

/** Who opens the register: the office (any class, school token) or a teacher (their own, teacher token). */
export type RegisterSource =
  | { audience: 'admin'; client: ApiClient }
  | { audience: 'teacher'; client: ApiClient; teacherId: string };

const byClass = (a: ClassRef, b: ClassRef) =>
  a.name.localeCompare(b.name, undefined, { numeric: true }) || a.section.localeCompare(b.section);

export interface PeriodChoices {
  classes: SelectOption[];
  subjects: SelectOption[];
  classesPending: boolean;
  subjectsPending: boolean;
  error: Error | null;
  retry: () => void;
}

/** The classes and subjects the register may be opened for: all of them, or only what the teacher teaches. */
export function usePeriodChoices(source: RegisterSource, classId: string | undefined): PeriodChoices {
  const teacherId = source.audience === 'teacher' ? source.teacherId : '';
  const own = useQuery({ ...ownTeachingQuery(source.client, teacherId), enabled: source.audience === 'teacher' });
  const classes = useQuery({ ...classesQuery(), enabled: source.audience === 'admin' });
  const subjects = useQuery({
    ...subjectsOfClassQuery(classId ?? ''),
    enabled: source.audience === 'admin' && Boolean(classId),
  });

  if (source.audience === 'teacher') {
    const taught = (own.data?.assignedSubjects ?? []).filter((s) => s.classId);
    const seen = new Map<string, ClassRef>();
    for (const s of taught) if (s.classId) seen.set(s.classId._id, s.classId);
    return {
      classes: [...seen.values()].sort(byClass).map((c) => ({ value: c._id, label: classLabel(c) })),
      subjects: taught
        .filter((s) => s.classId?._id === classId)
        .map((s) => ({ value: s._id, label: s.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      classesPending: own.isPending,
      subjectsPending: own.isPending,
      error: own.error,
      retry: () => void own.refetch(),
    };
  }
  return {
    classes: [...(classes.data ?? [])].sort(byClass).map((c) => ({ value: c._id, label: classLabel(c) })),
    subjects: (subjects.data ?? [])
      .map((s) => ({ value: s._id, label: s.teacherId ? `${s.name} (${s.teacherId.name})` : s.name }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    classesPending: classes.isPending,
    subjectsPending: Boolean(classId) && subjects.isPending,
    error: classes.error ?? subjects.error,
    retry: () => {
      void classes.refetch();
      if (classId) void subjects.refetch();
    },
  };
}
