import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { SimpleSelect } from '~/components/ui/select';
import { classLabel } from '~/lib/class-label';
import { classOptionsQuery } from '../api';
import { ALL, chosen } from '../format';

/** The class a tab is narrowed to (undefined: every class). */
export function ClassSelect({
  value,
  onValueChange,
}: {
  value: string | undefined;
  onValueChange: (value: string | undefined) => void;
}) {
  const classes = useQuery(classOptionsQuery());
  return (
    <SimpleSelect
      label={t`Class`}
      options={[
        { value: ALL, label: t`All classes` },
        ...(classes.data ?? []).map((c) => ({ value: c._id, label: classLabel(c) })),
      ]}
      value={value ?? ALL}
      onValueChange={(next) => onValueChange(chosen(next))}
    />
  );
}
