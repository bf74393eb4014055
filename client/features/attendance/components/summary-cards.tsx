import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Percent, Users } from 'lucide-react';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { StatCard } from '~/components/ui/stat';
import { captions } from '~/lib/figures';
import { summaryQuery } from '../api';
import { formatCount, formatRate } from '../format';

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: { base: '3', md: '4' },
    mb: { base: '5', md: '6' },
  }),
};

/** The four cards, always from today's student attendance whatever day the tabs below show; students, not marks. */
export function SummaryCards({ today }: { today: string }) {
  const summary = useQuery(summaryQuery(today));
  useEffect(() => {
    // The spec logs this failure without a toast; the cards show dashes instead.
    if (summary.isError) console.error("Failed to load today's attendance", summary.error);
  }, [summary.isError, summary.error]);

  const data = summary.data;
  const loading = summary.isPending;
  const dash = '—';
  return (
    <section aria-label={t`Today's attendance`} className={styles.grid}>
      <StatCard
        label={t`Active Students`}
        icon={Users}
        value={data ? formatCount(data.totalStudents) : dash}
        helpText={
          data ? captions.activeStudents({ marked: data.markedStudents, notMarked: data.notMarkedToday }) : undefined
        }
        loading={loading}
      />
      <StatCard
        label={t`Present Today`}
        icon={CircleCheck}
        tone="success"
        value={data ? formatCount(data.presentToday) : dash}
        helpText={data ? captions.present({ late: data.lateToday }) : undefined}
        loading={loading}
      />
      <StatCard
        label={t`Absent Today`}
        icon={CircleX}
        tone="danger"
        value={data ? formatCount(data.absentToday) : dash}
        helpText={data ? captions.absent({ excused: data.excusedToday }) : undefined}
        loading={loading}
      />
      <StatCard
        label={t`Attendance Rate`}
        icon={Percent}
        tone="info"
        value={data ? formatRate(data.attendanceRate) : dash}
        helpText={data ? captions.rate : undefined}
        loading={loading}
      />
    </section>
  );
}
