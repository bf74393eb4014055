import { t } from '@lingui/core/macro';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { withClassRefs } from '~/lib/class-refs';
import { toast } from '~/lib/toast';
import { availableQuery, classesQuery, schedulesQuery, studentsQuery, subjectsQuery, teachersQuery } from './api';
import { authIssue, isRoleProblem, scheduleLoadMessage } from './messages';

/** Several lists failing together make one toast, not four. */
const TOAST_GAP_MS = 1500;

/** A failed list counts as empty, as the spec asks; the tab that shows it says why. */
const listOf = <T>(query: UseQueryResult<T[]>) => (query.isError ? [] : (query.data ?? []));

/**
 * Everything the classroom screen shows. Classes, students, teachers and subjects are the basic data; the
 * timetable loads beside them and may fail alone (the rest of the screen still works).
 */
export function useClassroomData() {
  const classes = useQuery(classesQuery());
  const students = useQuery(studentsQuery());
  const teachers = useQuery(teachersQuery());
  const subjects = useQuery(subjectsQuery());
  const schedules = useQuery(schedulesQuery());
  const available = useQuery(availableQuery());

  const basic = [classes, students, teachers, subjects] as const;
  const studentRows = useMemo(
    () => withClassRefs(students.isError ? [] : (students.data ?? []), classes.data),
    [students.isError, students.data, classes.data],
  );
  const basicFailedAt = Math.max(...basic.map((q) => (q.isError ? q.errorUpdatedAt : 0)));
  const lastBasicToast = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the moment of the latest failure stands for the queries.
  useEffect(() => {
    if (!basicFailedAt || Date.now() - lastBasicToast.current < TOAST_GAP_MS) return;
    lastBasicToast.current = Date.now();
    const failed = basic.filter((q) => q.isError);
    const error = failed[0]?.error;
    if (failed.some((q) => isRoleProblem(q.error))) {
      toast.error(authIssue());
    } else if (failed.length === 1 && failed[0] === classes && classes.data) {
      toast.error(t`Failed to fetch classes`, { description: error?.message });
    } else if (failed.length === 1 && failed[0] === students && students.data) {
      toast.error(t`Failed to fetch students`, { description: error?.message });
    } else {
      toast.error(t`Failed to fetch basic data`, { description: error?.message });
    }
  }, [basicFailedAt]);

  const scheduleError = schedules.error ?? available.error;
  const scheduleFailedAt = Math.max(
    schedules.isError ? schedules.errorUpdatedAt : 0,
    available.isError ? available.errorUpdatedAt : 0,
  );
  const lastScheduleToast = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  useEffect(() => {
    if (!scheduleFailedAt || Date.now() - lastScheduleToast.current < TOAST_GAP_MS) return;
    lastScheduleToast.current = Date.now();
    toast.error(scheduleLoadMessage(scheduleError));
  }, [scheduleFailedAt]);

  return {
    loading: basic.some((q) => q.isPending),
    classes: listOf(classes),
    classesError: classes.error,
    studentsError: students.error,
    teachersError: teachers.error,
    subjectsError: subjects.error,
    students: studentRows,
    teachers: listOf(teachers),
    subjects: listOf(subjects),
    schedulesLoading: schedules.isPending || available.isPending,
    schedules: listOf(schedules),
    available: available.isError ? undefined : available.data,
    scheduleError,
    refetchClasses: () => void classes.refetch(),
    refetchStudents: () => void students.refetch(),
    refetchTeachers: () => void teachers.refetch(),
    refetchSubjects: () => void subjects.refetch(),
    refetchSchedules: () => {
      void schedules.refetch();
      void available.refetch();
    },
  };
}
