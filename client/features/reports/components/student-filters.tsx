import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SimpleSelect } from '~/components/ui/select';
import { classLabel } from '~/lib/class-label';
import { classOptionsQuery } from './fee-report-table';

const ALL = 'all';

/** The class, grade and status a students' report is narrowed to; `query` holds only the ones chosen. */
export function useStudentFilters() {
  const classes = useQuery(classOptionsQuery());
  const [classId, setClassId] = useState(ALL);
  const [grade, setGrade] = useState(ALL);
  const [status, setStatus] = useState('active');
  const grades = [...new Set((classes.data ?? []).map((c) => c.name))].sort((a, b) => Number(a) - Number(b));
  return {
    classes: classes.data ?? [],
    grades,
    classId,
    setClassId,
    grade,
    setGrade,
    status,
    setStatus,
    query: {
      classId: classId === ALL ? undefined : classId,
      grade: grade === ALL ? undefined : grade,
      status,
    },
  };
}

export type StudentFilterState = ReturnType<typeof useStudentFilters>;

/** The three pickers of a students' report: class, grade and status. */
export function StudentFilters({ filters }: { filters: StudentFilterState }) {
  return (
    <>
      <SimpleSelect
        label={t`Class`}
        options={[
          { value: ALL, label: t`All classes` },
          ...filters.classes.map((c) => ({ value: c._id, label: classLabel(c) })),
        ]}
        value={filters.classId}
        onValueChange={filters.setClassId}
      />
      <SimpleSelect
        label={t`Grade`}
        options={[{ value: ALL, label: t`All grades` }, ...filters.grades.map((g) => ({ value: g, label: g }))]}
        value={filters.grade}
        onValueChange={filters.setGrade}
      />
      <SimpleSelect
        label={t`Status`}
        options={[
          { value: 'active', label: t`Active` },
          { value: 'inactive', label: t`Inactive` },
          { value: 'all', label: t`All` },
        ]}
        value={filters.status}
        onValueChange={filters.setStatus}
      />
    </>
  );
}
