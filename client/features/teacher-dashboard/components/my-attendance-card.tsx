import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { currentLanguage } from '~/lib/i18n';
import { ownAttendanceQuery } from '../api';

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: '2' }),
  cell: css({
    display: 'flex',
    flexDirection: 'column-reverse',
    alignItems: 'center',
    gap: '0.5',
    p: '2',
    borderRadius: 'lg',
    bg: 'surface.subtle',
  }),
  value: css({ fontSize: 'xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' }),
  label: css({ fontSize: 'xs', color: 'fg.muted' }),
  present: css({ color: 'success.fg' }),
  absent: css({ color: 'danger.fg' }),
  late: css({ color: 'warning.fg' }),
  half: css({ color: 'info.fg' }),
};

/** How the school marked the teacher over the last 30 days. */
export function MyAttendanceCard() {
  const attendance = useQuery(ownAttendanceQuery());
  const records = attendance.data?.records ?? [];
  const count = (status: string) => records.filter((r) => r.status === status).length;
  const number = new Intl.NumberFormat(currentLanguage());
  return (
    <Card.Root aria-labelledby="my-attendance-title">
      <Card.Header>
        <Card.Title id="my-attendance-title">
          <Trans>My attendance</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>The last 30 days, as the school office marked it</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {attendance.isPending ? (
          <Skeleton h="16" />
        ) : attendance.isError ? (
          <ErrorState
            title={t`Your attendance could not be loaded`}
            description={attendance.error.message}
            onRetry={() => void attendance.refetch()}
          />
        ) : (
          <dl className={styles.grid}>
            {[
              { key: 'present', label: t`Present`, value: count('present'), className: styles.present },
              { key: 'absent', label: t`Absent`, value: count('absent'), className: styles.absent },
              { key: 'late', label: t`Late`, value: count('late'), className: styles.late },
              { key: 'half-day', label: t`Half Day`, value: count('half-day'), className: styles.half },
            ].map((item) => (
              <div key={item.key} className={styles.cell}>
                <dt className={styles.label}>{item.label}</dt>
                <dd className={`${styles.value} ${item.className}`}>{number.format(item.value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card.Body>
    </Card.Root>
  );
}
