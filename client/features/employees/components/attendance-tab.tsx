import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CircleCheck, CircleX, Percent, RefreshCw, Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DateField } from '~/components/ui/date-picker';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { StatCard } from '~/components/ui/stat';
import * as Table from '~/components/ui/table';
import { toast } from '~/lib/toast';
import {
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  type Teacher,
  teacherAttendanceQuery,
  teacherAttendanceStatsQuery,
  useMarkTeacher,
} from '../api';
import {
  formatDate,
  formatLongDate,
  formatPercent,
  localToday,
  percentTone,
  STATUS_LABELS,
  STATUS_TONES,
} from '../format';
import { Avatar, SectionCard } from './parts';
import { tableStyles } from './table-styles';

export const attendanceStyles = {
  controls: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', mb: { base: '4', md: '6' } }),
  date: css({ w: { base: 'full', sm: '64' } }),
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: { base: '3', md: '4' },
    mb: { base: '4', md: '6' },
  }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' }),
  rows: css({ display: 'flex', flexDirection: 'column' }),
  row: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) auto' },
    alignItems: 'center',
    gap: '3',
    px: { base: '4', md: '5' },
    py: '3.5',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0' },
  }),
  who: css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  name: css({ fontWeight: 'medium' }),
  meta: css({ fontSize: 'xs', color: 'fg.muted' }),
  state: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mt: '1' }),
  remarks: css({ fontSize: 'xs', color: 'fg.muted', fontStyle: 'italic' }),
  buttons: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, auto)' },
    gap: '2',
  }),
  section: css({ mb: { base: '4', md: '6' } }),
};

/** The current mark's button, filled in its status colour. */
const SELECTED: Record<AttendanceStatus, string> = {
  present: css({ borderColor: 'success.solid', bg: 'success.subtle', color: 'success.fg' }),
  absent: css({ borderColor: 'danger.solid', bg: 'danger.subtle', color: 'danger.fg' }),
  late: css({ borderColor: 'warning.solid', bg: 'warning.subtle', color: 'warning.fg' }),
  'half-day': css({ borderColor: 'info.solid', bg: 'info.subtle', color: 'info.fg' }),
};

/** A status button: outlined, filled in its status colour when it is the current mark. */
export function MarkButton({
  status,
  current,
  disabled,
  onClick,
  who,
}: {
  status: AttendanceStatus;
  current: AttendanceStatus | null;
  disabled: boolean;
  onClick: () => void;
  who: string;
}) {
  const selected = current === status;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={disabled}
      aria-pressed={selected}
      aria-label={`${STATUS_LABELS[status]}: ${who}`}
      onClick={onClick}
      h={{ base: 'touch', md: '8' }}
      className={selected ? SELECTED[status] : undefined}
    >
      {STATUS_LABELS[status]}
    </Button>
  );
}

export interface AttendanceTabProps {
  /** Active teachers that pass the screen's search and filters. */
  teachers: Teacher[];
  loadingTeachers: boolean;
}

/** Teacher attendance for a chosen day (default today), marked with four buttons, and 30-day statistics. */
export function AttendanceTab({ teachers, loadingTeachers }: AttendanceTabProps) {
  const [date, setDate] = useState(localToday);
  const records = useQuery(teacherAttendanceQuery(date));
  const stats = useQuery(teacherAttendanceStatsQuery());
  const mark = useMarkTeacher();
  const [saving, setSaving] = useState<string | null>(null);

  useEffect(() => {
    if (records.isError) toast.error('Failed to fetch teacher attendance', { description: records.error.message });
  }, [records.isError, records.error]);
  useEffect(() => {
    if (stats.isError) toast.error('Failed to fetch attendance statistics', { description: stats.error.message });
  }, [stats.isError, stats.error]);

  const byTeacher = useMemo(() => new Map((records.data ?? []).map((r) => [r.teacherId._id, r])), [records.data]);
  const shown = new Set(teachers.map((t) => t._id));
  const dayRecords = (records.data ?? []).filter((r) => shown.has(r.teacherId._id));
  const count = (status: AttendanceStatus) => dayRecords.filter((r) => r.status === status).length;
  const attended = count('present') + count('late') + count('half-day') * 0.5;
  const percent = teachers.length > 0 ? (attended / teachers.length) * 100 : 0;

  const refresh = () => {
    void records.refetch();
    void stats.refetch();
  };

  const markTeacher = async (teacher: Teacher, status: AttendanceStatus) => {
    setSaving(teacher._id);
    try {
      await mark.mutateAsync({ teacherId: teacher._id, date, status });
      toast.success('Attendance marked successfully');
    } catch (error) {
      toast.error('Failed to mark attendance', { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(null);
    }
  };

  const loading = loadingTeachers || records.isPending;
  const today = localToday();
  return (
    <>
      <div className={attendanceStyles.controls}>
        <DateField
          label="Date"
          value={date}
          onValueChange={(value) => value && setDate(value)}
          className={attendanceStyles.date}
        />
        <Button
          variant="outline"
          onClick={refresh}
          loading={records.isFetching && !records.isPending}
          loadingText="Refreshing..."
        >
          <RefreshCw size={16} aria-hidden="true" />
          Refresh
        </Button>
      </div>

      <h2 className={attendanceStyles.heading}>Overall Statistics</h2>
      <div className={attendanceStyles.stats}>
        <StatCard
          label="Total Teachers"
          icon={Users}
          value={teachers.length}
          helpText="Active teachers"
          loading={loading}
        />
        <StatCard
          label={date === today ? 'Present Today' : 'Present'}
          icon={CircleCheck}
          tone="success"
          value={count('present')}
          helpText={`${count('late')} late · ${count('half-day')} half day`}
          loading={loading}
        />
        <StatCard
          label={date === today ? 'Absent Today' : 'Absent'}
          icon={CircleX}
          tone="danger"
          value={count('absent')}
          helpText={`${Math.max(0, teachers.length - dayRecords.length)} not marked`}
          loading={loading}
        />
        <StatCard
          label="Attendance %"
          icon={Percent}
          tone="info"
          value={formatPercent(percent)}
          helpText={formatDate(date)}
          loading={loading}
        />
      </div>

      <SectionCard
        id="mark-teachers-title"
        title={`Mark Attendance for ${formatLongDate(date)}`}
        description="A later mark replaces the earlier one for the day."
        className={attendanceStyles.section}
      >
        {loading ? (
          <div className={attendanceStyles.rows} aria-busy="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className={attendanceStyles.row}>
                <Skeleton h="10" />
              </div>
            ))}
          </div>
        ) : records.isError && !records.data ? (
          <ErrorState title="Attendance could not be loaded" description={records.error.message} onRetry={refresh} />
        ) : teachers.length === 0 ? (
          <EmptyState
            as="h3"
            icon={CalendarCheck}
            title="No active teachers"
            description="Active teachers are listed here to mark."
          />
        ) : (
          <ul className={attendanceStyles.rows}>
            {teachers.map((teacher) => {
              const record = byTeacher.get(teacher._id);
              const subjects = teacher.subjects.map((s) => s.name).join(', ');
              return (
                <li key={teacher._id} className={attendanceStyles.row}>
                  <div className={attendanceStyles.who}>
                    <Avatar name={teacher.name} size="md" />
                    <div className={attendanceStyles.text}>
                      <span className={attendanceStyles.name}>{teacher.name}</span>
                      <span className={attendanceStyles.meta}>{subjects || 'No subjects assigned'}</span>
                      <span className={attendanceStyles.state}>
                        {record ? (
                          <Badge tone={STATUS_TONES[record.status]}>{STATUS_LABELS[record.status]}</Badge>
                        ) : (
                          <Badge>Not Marked</Badge>
                        )}
                        {record?.remarks ? <span className={attendanceStyles.remarks}>{record.remarks}</span> : null}
                      </span>
                    </div>
                  </div>
                  <div className={attendanceStyles.buttons}>
                    {ATTENDANCE_STATUSES.map((status) => (
                      <MarkButton
                        key={status}
                        status={status}
                        who={teacher.name}
                        current={record?.status ?? null}
                        disabled={saving === teacher._id}
                        onClick={() => void markTeacher(teacher, status)}
                      />
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </SectionCard>

      <SectionCard
        id="teacher-stats-title"
        title="Individual Teacher Statistics"
        description={
          stats.data
            ? `${formatDate(stats.data.startDate)} to ${formatDate(stats.data.endDate)}: late counts as attended, a half day as half.`
            : 'The last 30 days.'
        }
      >
        {stats.isPending ? (
          <div className={css({ p: '5' })} aria-busy="true">
            <Skeleton h="24" />
          </div>
        ) : stats.isError && !stats.data ? (
          <ErrorState title="Statistics could not be loaded" description={stats.error.message} onRetry={refresh} />
        ) : (
          <Table.Scroller className={tableStyles.scroller}>
            <Table.Root className={tableStyles.root}>
              <Table.Caption srOnly>Attendance of each teacher over the last 30 days</Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header>Teacher</Table.Header>
                  {['Total Days', 'Present', 'Absent', 'Late', 'Half Day', 'Attendance %'].map((c) => (
                    <Table.Header key={c} textAlign="end">
                      {c}
                    </Table.Header>
                  ))}
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {(stats.data?.teacherStats ?? [])
                  .filter((row) => shown.has(row.teacherId))
                  .map((row) => (
                    <Table.Row key={row.teacherId}>
                      <Table.Cell data-primary>
                        <span>
                          <span className={tableStyles.primary}>{row.teacherName}</span>
                          <span className={tableStyles.secondary}>{row.teacherEmail}</span>
                        </span>
                      </Table.Cell>
                      <Table.Cell data-label="Total Days" className={tableStyles.numeric}>
                        {row.totalDays}
                      </Table.Cell>
                      <Table.Cell data-label="Present" className={tableStyles.numeric}>
                        {row.present}
                      </Table.Cell>
                      <Table.Cell data-label="Absent" className={tableStyles.numeric}>
                        {row.absent}
                      </Table.Cell>
                      <Table.Cell data-label="Late" className={tableStyles.numeric}>
                        {row.late}
                      </Table.Cell>
                      <Table.Cell data-label="Half Day" className={tableStyles.numeric}>
                        {row.halfDay}
                      </Table.Cell>
                      <Table.Cell data-label="Attendance %" className={tableStyles.numeric}>
                        <Badge tone={percentTone(row.attendancePercentage)}>
                          {formatPercent(row.attendancePercentage)}
                        </Badge>
                      </Table.Cell>
                    </Table.Row>
                  ))}
              </Table.Body>
            </Table.Root>
          </Table.Scroller>
        )}
      </SectionCard>
    </>
  );
}
