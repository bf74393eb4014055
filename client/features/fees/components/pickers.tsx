import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { type SelectOption, SimpleSelect } from '~/components/ui/select';
import { categoriesQuery, classOptionsQuery, schoolBasicsQuery, studentOptionsQuery } from '../api';
import { classLabel } from '../format';

const ALL = 'all';

/** The school's currency (INR until the school's settings arrive). */
export function useCurrency() {
  const school = useQuery(schoolBasicsQuery());
  return school.data?.currency ?? 'INR';
}

export function useClassOptions(): SelectOption[] {
  const classes = useQuery(classOptionsQuery());
  return (classes.data ?? []).map((klass) => ({ value: klass._id, label: classLabel(klass) }));
}

export function useCategoryOptions(): SelectOption[] {
  const categories = useQuery(categoriesQuery());
  return (categories.data ?? []).map((category) => ({ value: category._id, label: category.name }));
}

interface FilterSelectProps {
  label: string;
  allLabel: string;
  options: SelectOption[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  className?: string;
}

/** A toolbar filter whose first option means 'no filter'. */
export function FilterSelect({ label, allLabel, options, value, onChange, className }: FilterSelectProps) {
  return (
    <SimpleSelect
      label={label}
      className={className}
      options={[{ value: ALL, label: allLabel }, ...options]}
      value={value ?? ALL}
      onValueChange={(next) => onChange(next && next !== ALL ? next : undefined)}
    />
  );
}

export function useStudentOptions(classId: string | undefined): { options: SelectOption[]; loading: boolean } {
  const students = useQuery({ ...studentOptionsQuery(classId ?? ''), enabled: Boolean(classId) });
  const options = (students.data ?? [])
    .map((student) => ({
      value: student._id,
      label: student.rollNumber ? t`${student.name} (Roll ${student.rollNumber})` : student.name,
      roll: Number(student.rollNumber) || Number.POSITIVE_INFINITY,
    }))
    .sort((a, b) => a.roll - b.roll || a.label.localeCompare(b.label))
    .map(({ value, label }) => ({ value, label }));
  return { options, loading: Boolean(classId) && students.isPending };
}
