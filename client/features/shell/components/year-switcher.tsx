import { t } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { SimpleSelect } from '~/components/ui/select';
import { useViewedYear } from '~/lib/use-viewed-year';
import { schoolYearsQuery, switchYear } from '../years';

const styles = {
  // In the top bar from 768 px; on a phone it lives in the menu drawer, where its label shows.
  bar: css({ display: { base: 'none', md: 'block' }, w: { base: '11rem', lg: '13rem' }, flexShrink: '0' }),
  drawer: css({ px: '3', pt: '3', pb: '3' }),
};

/** The school year the office screens show: the current one unless another is chosen. */
export function YearSwitcher({ schoolId, place = 'bar' }: { schoolId: string; place?: 'bar' | 'drawer' }) {
  const queryClient = useQueryClient();
  const years = useQuery(schoolYearsQuery()).data;
  const viewed = useViewedYear(schoolId);
  const current = years?.find((y) => y.current)?.name;

  useEffect(() => {
    // A year the school no longer lists, or one that has become the current year, is simply the current year.
    if (!years || !viewed) return;
    if (viewed === current || !years.some((y) => y.name === viewed)) switchYear(queryClient, schoolId, null);
  }, [years, viewed, current, schoolId, queryClient]);

  if (!years || !current) return null;
  return (
    <div className={styles[place]} data-testid={`year-switcher-${place}`}>
      <SimpleSelect
        label={t`School year`}
        hideLabel={place === 'bar'}
        value={viewed ?? current}
        options={years.map(({ name, current: isCurrent }) => ({
          value: name,
          label: isCurrent ? t`${name} (current)` : name,
        }))}
        onValueChange={(year) => switchYear(queryClient, schoolId, year === current ? null : year)}
      />
    </div>
  );
}
