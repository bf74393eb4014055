import { t } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import { useViewedYear } from '~/lib/use-viewed-year';
import { schoolYearsQuery, switchYear } from '../years';

const styles = {
  root: css({ mb: '4', alignItems: 'center', flexWrap: 'wrap' }),
  back: css({ ms: 'auto' }),
};

/** Above every office screen while another year than the current one is shown, with the way back. */
export function YearBanner({ schoolId }: { schoolId: string }) {
  const queryClient = useQueryClient();
  const viewed = useViewedYear(schoolId);
  const current = useQuery(schoolYearsQuery()).data?.find((y) => y.current)?.name;
  if (!viewed || !current || viewed === current) return null;
  const past = viewed < current;
  return (
    <div role="status" data-testid="year-banner">
      <Notice
        tone="warning"
        icon={History}
        className={styles.root}
        title={
          past
            ? t`You are viewing ${viewed}, a past year: read-only`
            : t`You are viewing ${viewed}, not the current year`
        }
      >
        {t`Changes the office makes here correct ${viewed} and are kept in the activity log.`}{' '}
        <Button
          size="sm"
          variant="outline"
          className={styles.back}
          onClick={() => switchYear(queryClient, schoolId, null)}
        >
          {t`Back to ${current}`}
        </Button>
      </Notice>
    </div>
  );
}
