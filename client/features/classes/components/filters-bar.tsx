import { t } from '@lingui/core/macro';
import { Search } from 'lucide-react';
import { css } from 'styled-system/css';
import { Input } from '~/components/ui/input';
import { SimpleSelect } from '~/components/ui/select';
import { CLASS_NAMES } from '../api';
import type { ScreenFilters } from '../format';

/** The select's stand-in for "no grade filter"; never sent anywhere. */
const ALL_GRADES = 'all';

const styles = {
  root: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'minmax(0, 1fr) 12rem' },
    gap: '3',
    alignItems: 'end',
    mb: '5',
  }),
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
  value: ScreenFilters;
  onChange: (next: ScreenFilters) => void;
}

export function FiltersBar({ value, onChange }: FiltersBarProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a search landmark would need <search>, which older readers ignore.
    <div className={styles.root} role="search" aria-label={t`Filter classes`}>
      <div className={styles.searchControl}>
        <Search size={16} aria-hidden="true" className={styles.searchIcon} />
        <Input
          type="search"
          ps="9"
          placeholder={t`Search classes, teachers, or students...`}
          aria-label={t`Search classes, teachers, or students`}
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
        />
      </div>
      <SimpleSelect
        label={t`Grade`}
        hideLabel
        options={[
          { label: t`All Grades`, value: ALL_GRADES },
          ...CLASS_NAMES.map((grade) => ({ label: t`Grade ${grade}`, value: grade })),
        ]}
        value={value.grade || ALL_GRADES}
        onValueChange={(grade) => onChange({ ...value, grade: grade === ALL_GRADES ? '' : grade })}
      />
    </div>
  );
}
