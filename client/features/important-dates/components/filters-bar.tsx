import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Field from '~/components/ui/field';
import { SimpleSelect } from '~/components/ui/select';
import { type ClassRef, IMPORTANT_DATE_PRIORITIES, IMPORTANT_DATE_TYPES } from '../api';
import { classLabel, monthNames, priorityLabel, typeLabel } from '../format';

/** 'all' stands for "no filter" in the selects; it is never sent. */
export const ALL = 'all';

export interface Filters {
  month: number;
  year: number;
  type: string;
  priority: string;
  classId: string;
  search: string;
}

/** Five years: last year, this year and the three after it. */
export function yearChoices(currentYear: number) {
  return Array.from({ length: 5 }, (_, i) => currentYear - 1 + i);
}

const styles = {
  root: css({
    display: 'grid',
    gridTemplateColumns: {
      base: 'repeat(2, minmax(0, 1fr))',
      md: 'repeat(3, minmax(0, 1fr))',
      xl: 'repeat(6, minmax(0, 1fr))',
    },
    gap: '3',
    alignItems: 'end',
  }),
  wide: css({ gridColumn: { base: '1 / -1', md: 'auto' } }),
  search: css({ gridColumn: { base: '1 / -1', md: 'auto' } }),
  searchControl: css({ position: 'relative', w: 'full' }),
  searchIcon: css({
    position: 'absolute',
    insetInlineStart: '3',
    top: '50%',
    transform: 'translateY(-50%)',
    color: 'fg.muted',
    pointerEvents: 'none',
  }),
};

export interface FiltersBarProps {
  value: Filters;
  onChange: (next: Filters) => void;
  classes: ClassRef[];
  currentYear: number;
}

export function FiltersBar({ value, onChange, classes, currentYear }: FiltersBarProps) {
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a search landmark would need <search>, which older readers ignore.
    <div className={styles.root} role="search" aria-label={t`Filter important dates`}>
      <SimpleSelect
        label={t`Month`}
        options={monthNames().map((name, i) => ({ label: name, value: String(i + 1) }))}
        value={String(value.month)}
        onValueChange={(month) => month && set({ month: Number(month) })}
      />
      <SimpleSelect
        label={t`Year`}
        options={yearChoices(currentYear).map((year) => ({ label: String(year), value: String(year) }))}
        value={String(value.year)}
        onValueChange={(year) => year && set({ year: Number(year) })}
      />
      <SimpleSelect
        label={t`Type`}
        options={[
          { label: t`All Types`, value: ALL },
          ...IMPORTANT_DATE_TYPES.map((type) => ({ label: typeLabel(type), value: type })),
        ]}
        value={value.type}
        onValueChange={(type) => set({ type: type || ALL })}
      />
      <SimpleSelect
        label={t`Priority`}
        options={[
          { label: t`All Priorities`, value: ALL },
          ...IMPORTANT_DATE_PRIORITIES.map((priority) => ({ label: priorityLabel(priority), value: priority })),
        ]}
        value={value.priority}
        onValueChange={(priority) => set({ priority: priority || ALL })}
      />
      <SimpleSelect
        className={styles.wide}
        label={t`Class`}
        options={[
          { label: t`All Classes`, value: ALL },
          ...classes.map((c) => ({ label: classLabel(c), value: c._id })),
        ]}
        value={value.classId}
        onValueChange={(classId) => set({ classId: classId || ALL })}
      />
      <Field.Root className={styles.search}>
        <Field.Label>
          <Trans>Search</Trans>
        </Field.Label>
        <div className={styles.searchControl}>
          <Search size={16} aria-hidden="true" className={styles.searchIcon} />
          <Field.Input
            type="search"
            placeholder={t`Search by title`}
            value={value.search}
            onChange={(event) => set({ search: event.target.value })}
            ps="9"
          />
        </div>
      </Field.Root>
    </div>
  );
}
