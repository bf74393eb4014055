import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { History } from 'lucide-react';
import { css } from 'styled-system/css';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { portalTimeZone } from '~/lib/school-time';
import { recentActivityQuery } from '../api';
import { timeAgo, zoned } from '../format';
import { ListSkeleton, listStyles, Panel } from './panel';

/** An activity's moment in full, on the school's clock (shown on hover). */
const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const styles = {
  marker: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '9',
    h: '9',
    borderRadius: 'full',
    bg: 'surface.hover',
    color: 'fg.muted',
    flexShrink: '0',
  }),
  link: css({
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'brand.fg',
    whiteSpace: 'nowrap',
    _hover: { textDecoration: 'underline' },
  }),
};

export function RecentActivities() {
  const activity = useQuery(recentActivityQuery());
  return (
    <Panel
      title={t`Recent Activities`}
      description={t`The latest changes made in this portal`}
      busy={activity.isPending}
      action={
        <Link to="/settings" search={{ tab: 'activity' }} className={styles.link}>
          <Trans>View log</Trans>
        </Link>
      }
    >
      {activity.isPending ? (
        <ListSkeleton />
      ) : activity.isError ? (
        <ErrorState
          title={t`Activity could not be loaded`}
          description={activity.error.message}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : activity.data.length === 0 ? (
        <EmptyState
          as="h3"
          icon={History}
          title={t`No activity yet`}
          description={t`Changes appear here as they happen.`}
        />
      ) : (
        <ul className={listStyles.list}>
          {activity.data.map((entry) => (
            <li key={entry._id} className={listStyles.item}>
              <span className={styles.marker} aria-hidden="true">
                <History size={16} />
              </span>
              <div className={listStyles.main}>
                <span className={listStyles.title}>{entry.summary}</span>
                <span className={listStyles.meta}>
                  {entry.userName ?? t`System`} ·{' '}
                  <time
                    dateTime={entry.createdAt}
                    title={zoned(FULL, portalTimeZone()).format(new Date(entry.createdAt))}
                  >
                    {timeAgo(entry.createdAt)}
                  </time>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
