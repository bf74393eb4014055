import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Percent, RefreshCw, Users, UserX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { DateField } from '~/components/ui/date-picker';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Notice } from '~/components/ui/notice';
import { Skeleton } from '~/components/ui/skeleton';
import { StatCard } from '~/components/ui/stat';
import { toast } from '~/lib/toast';
import {
  type TeacherListItem,
  type TeacherStatus,
  teacherDayQuery,
  teacherStatsQuery,
  teachersQuery,
  useMarkTeacher,
} from '../api';
import { formatCount, formatLongDate, formatPercent, formatShortDate, schoolToday } from '../format';
import { TeacherMarkRow } from './teacher-mark-row';
import { TeacherStatsTable } from './teacher-stats-table';

const styles = {
  toolbar: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', mb: '5' }),
  date: css({ w: { base: 'full', sm: '64' } }),
  refresh: css({ w: { base: 'full', sm: 'auto' } }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' }),
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: { base: '3', md: '4' },
    mb: { base: '5', md: '6' },
  }),
  section: css({ mb: { base: '5', md: '6' } }),
  rows: css({ display: 'flex', flexDirection: 'column', borderTopWidth: '1px', borderColor: 'border' }),
  skeletonRow: css({ px: '5', py: '3.5' }),
  notice: css({ mx: '5', mb: '4' }),
  skeletons: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
};

/** Teacher Attendance Management: a day's marks with four buttons per teacher, and 30-day statistics. */
export function EmployeeAttendanceTab() {
  const [today] = useState(schoolToday);
  const [date, setDate] = useState(today);
  const teachers = useQuery(teachersQuery());
  const records = useQuery(teacherDayQuery(date));
  const dayStats = useQuery(teacherStatsQuery({ startDate: date, endDate: date }));
  const stats = useQuery(teacherStatsQuery());
  const mark = useMarkTeacher();
  const [saving, setSaving] = useState<string | null>(null);

  useEffect(() => {
    if (teachers.isError) toast.error(t`Failed to fetch teachers`, { description: teachers.error.message });
  }, [teachers.isError, teachers.error]);
  useEffect(() => {
    if (records.isError) toast.error(t`Failed to fetch teacher attendance`, { description: records.error.message });
  }, [records.isError, records.error]);
  useEffect(() => {
    const failed = stats.error ?? dayStats.error;
    if (failed) toast.error(t`Failed to fetch attendance statistics`, { description: failed.message });
  }, [stats.error, dayStats.error]);

  const byTeacher = useMemo(() => new Map((records.data ?? []).map((r) => [r.teacherId._id, r])), [records.data]);

  const refresh = () => {
    void teachers.refetch();
    void records.refetch();
    void dayStats.refetch();
    void stats.refetch();
  };

  const markTeacher = async (teacher: TeacherListItem, status: TeacherStatus) => {
    setSaving(teacher._id);
    try {
      await mark.mutateAsync({ teacherId: teacher._id, date, status });
      toast.success(t`Attendance marked successfully`);
    } catch (error) {
      toast.error(t`Failed to mark attendance`, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(null);
    }
  };

  const summary = dayStats.data?.summary;
  const isToday = date === today;
  const future = date > today;
  const loadingList = teachers.isPending || records.isPending;

  let list: React.ReactNode;
  if (loadingList) {
    list = (
      <div aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.skeletonRow}>
            <Skeleton h="12" />
          </div>
        ))}
      </div>
    );
  } else if ((teachers.isError && !teachers.data) || (records.isError && !records.data)) {
    list = (
      <ErrorState
        title={t`Teacher attendance could not be loaded`}
        description={(teachers.error ?? records.error)?.message}
        onRetry={refresh}
      />
    );
  } else if ((teachers.data ?? []).length === 0) {
    list = (
      <EmptyState
        as="h3"
        icon={UserX}
        title={t`No active teachers`}
        description={t`Teachers added on the Employee Management screen are listed here to mark.`}
      />
    );
  } else {
    list = (
      <ul className={styles.rows}>
        {(teachers.data ?? []).map((teacher) => (
          <TeacherMarkRow
            key={teacher._id}
            teacher={teacher}
            record={byTeacher.get(teacher._id)}
            saving={saving === teacher._id}
            disabled={future}
            onMark={(status) => void markTeacher(teacher, status)}
          />
        ))}
      </ul>
    );
  }

  const count = (value: number | undefined) => (value === undefined ? '—' : formatCount(value));
  const notMarked = summary && records.data ? Math.max(0, summary.totalTeachers - records.data.length) : 0;
  const longDate = formatLongDate(date);
  const statsFrom = stats.data ? formatShortDate(stats.data.startDate) : '';
  const statsTo = stats.data ? formatShortDate(stats.data.endDate) : '';
  return (
    <section aria-label={t`Teacher Attendance Management`}>
      <div className={styles.toolbar}>
        <DateField
          label={t`Date`}
          value={date}
          onValueChange={(value) => value && setDate(value)}
          className={styles.date}
        />
        <Button
          variant="outline"
          className={styles.refresh}
          onClick={refresh}
          loading={(records.isFetching && !records.isPending) || (stats.isFetching && !stats.isPending)}
          loadingText={t`Refreshing...`}
        >
          <RefreshCw size={16} aria-hidden="true" />
          <Trans>Refresh</Trans>
        </Button>
      </div>

      <h2 className={styles.heading}>
        <Trans>Overall Statistics</Trans>
      </h2>
      <div className={styles.stats}>
        <StatCard
          label={t`Total Teachers`}
          icon={Users}
          value={count(summary?.totalTeachers)}
          helpText={t`Active teachers`}
          loading={dayStats.isPending}
        />
        <StatCard
          label={isToday ? t`Present Today` : t`Present`}
          icon={CircleCheck}
          tone="success"
          value={count(summary?.totalPresent)}
          helpText={isToday ? t`Late and half days included` : formatShortDate(date)}
          loading={dayStats.isPending}
        />
        <StatCard
          label={isToday ? t`Absent Today` : t`Absent`}
          icon={CircleX}
          tone="danger"
          value={count(summary?.totalAbsent)}
          helpText={summary && records.data ? t`${notMarked} not marked` : undefined}
          loading={dayStats.isPending}
        />
        <StatCard
          label={t`Attendance %`}
          icon={Percent}
          tone="info"
          value={summary ? formatPercent(summary.overallAttendancePercentage) : '—'}
          helpText={t`Of teachers marked`}
          loading={dayStats.isPending}
        />
      </div>

      <Card.Root className={styles.section} aria-labelledby="mark-teachers-title">
        <Card.Header pb="4">
          <Card.Title id="mark-teachers-title">
            <Trans>Mark Attendance for {longDate}</Trans>
          </Card.Title>
          <Card.Description>
            <Trans>A later mark replaces the earlier one for the day.</Trans>
          </Card.Description>
        </Card.Header>
        {future ? (
          <Notice tone="warning" icon={CircleX} className={styles.notice}>
            <Trans>Attendance cannot be marked for a future date</Trans>
          </Notice>
        ) : null}
        {list}
      </Card.Root>

      <section aria-labelledby="teacher-stats-title">
        <h2 id="teacher-stats-title" className={styles.heading}>
          <Trans>Individual Teacher Statistics</Trans>
        </h2>
        {stats.isPending ? (
          <div aria-busy="true" className={styles.skeletons}>
            <Skeleton h="10" />
            <Skeleton h="10" />
            <Skeleton h="10" />
          </div>
        ) : stats.isError && !stats.data ? (
          <Card.Root>
            <ErrorState
              title={t`Statistics could not be loaded`}
              description={stats.error.message}
              onRetry={() => void stats.refetch()}
            />
          </Card.Root>
        ) : (
          <TeacherStatsTable
            rows={stats.data?.teacherStats ?? []}
            caption={stats.data ? t`The last 30 days: ${statsFrom} to ${statsTo}` : t`The last 30 days`}
          />
        )}
      </section>
    </section>
  );
}
