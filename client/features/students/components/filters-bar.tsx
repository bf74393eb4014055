import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Field from '~/components/ui/field';
import { SimpleSelect } from '~/components/ui/select';
import type { SchoolClass, StudentFilters } from '../api';
import { classLabel } from '../format';

/** Stands for "no filter" in the selects; never sent. */
const ALL = 'all';

const styles = {
  root: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr 1fr', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' },
    gap: '3',
    alignItems: 'end',
  }),
  search: css({ gridColumn: { base: '1 / -1', md: 'auto' } }),
  control: css({ position: 'relative', w: 'full' }),
  icon: css({
    position: 'absolute',
    insetInlineStart: '3',
    top: '50%',
    transform: 'translateY(-50%)',
    color: 'fg.muted',
    pointerEvents: 'none',
  }),
};

export interface FiltersBarProps {
  value: StudentFilters;
  onChange: (next: StudentFilters) => void;
  classes: SchoolClass[];
}

/** Search (name, roll number or email), class ('All Classes' or '8-A') and status. */
export function FiltersBar({ value, onChange, classes }: FiltersBarProps) {
  const set = (patch: Partial<StudentFilters>) => onChange({ ...value, ...patch });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a search landmark would need <search>, which older readers ignore.
    <div className={styles.root} role="search" aria-label={t`Filter students`}>
      <Field.Root className={styles.search}>
        <Field.Label>
          <Trans>Search</Trans>
        </Field.Label>
        <div className={styles.control}>
          <Search size={16} aria-hidden="true" className={styles.icon} />
          <Field.Input
            type="search"
            placeholder={t`Search by name, roll number or email`}
            value={value.search}
            onChange={(event) => set({ search: event.target.value })}
            ps="9"
          />
        </div>
      </Field.Root>
      <SimpleSelect
        label={t`Class`}
        options={[
          { label: t`All Classes`, value: ALL },
          ...classes.map((c) => ({ label: classLabel(c), value: c._id })),
        ]}
        value={value.classId || ALL}
        onValueChange={(classId) => set({ classId: classId === ALL ? '' : classId })}
      />
      <SimpleSelect
        label={t`Status`}
        options={[
          { label: t`All`, value: ALL },
          { label: t`Active`, value: 'active' },
          { label: t`Inactive`, value: 'inactive' },
        ]}
        value={value.status || ALL}
        onValueChange={(status) =>
          set({ status: status === ALL || !status ? '' : (status as StudentFilters['status']) })
        }
      />
    </div>
  );
}
