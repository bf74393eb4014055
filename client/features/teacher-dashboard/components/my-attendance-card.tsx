import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
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
  return (
    <Card.Root aria-labelledby="my-attendance-title">
      <Card.Header>
        <Card.Title id="my-attendance-title">My attendance</Card.Title>
        <Card.Description>The last 30 days, as the school office marked it</Card.Description>
      </Card.Header>
      <Card.Body>
        {attendance.isPending ? (
          <Skeleton h="16" />
        ) : attendance.isError ? (
          <ErrorState
            title="Your attendance could not be loaded"
            description={attendance.error.message}
            onRetry={() => void attendance.refetch()}
          />
        ) : (
          <dl className={styles.grid}>
            {[
              { label: 'Present', value: count('present'), className: styles.present },
              { label: 'Absent', value: count('absent'), className: styles.absent },
              { label: 'Late', value: count('late'), className: styles.late },
              { label: 'Half Day', value: count('half-day'), className: styles.half },
            ].map((item) => (
              <div key={item.label} className={styles.cell}>
                <dt className={styles.label}>{item.label}</dt>
                <dd className={`${styles.value} ${item.className}`}>{item.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card.Body>
    </Card.Root>
  );
}
