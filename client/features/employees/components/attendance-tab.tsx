import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
import { currentLanguage } from '~/lib/i18n';
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
  formatCount,
  formatDate,
  formatLongDate,
  formatPercent,
  localToday,
  percentTone,
  STATUS_TONES,
  statusLabel,
  subjectLabel,
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
  const label = statusLabel(status);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={disabled}
      aria-pressed={selected}
      aria-label={t`${label}: ${who}`}
      onClick={onClick}
      h={{ base: 'touch', md: '8' }}
      className={selected ? SELECTED[status] : undefined}
    >
      {label}
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
    if (records.isError) toast.error(t`Failed to fetch teacher attendance`, { description: records.error.message });
  }, [records.isError, records.error]);
  useEffect(() => {
    if (stats.isError) toast.error(t`Failed to fetch attendance statistics`, { description: stats.error.message });
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
      toast.success(t`Attendance marked successfully`);
    } catch (error) {
      toast.error(t`Failed to mark attendance`, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(null);
    }
  };

  const loading = loadingTeachers || records.isPending;
  const today = localToday();
  const late = formatCount(count('late'));
  const halfDay = formatCount(count('half-day'));
  const unmarked = formatCount(Math.max(0, teachers.length - dayRecords.length));
  const longDate = formatLongDate(date);
  const startDate = formatDate(stats.data?.startDate);
  const endDate = formatDate(stats.data?.endDate);
  const listFormat = new Intl.ListFormat(currentLanguage(), { style: 'short', type: 'unit' });
  const column = {
    totalDays: t`Total Days`,
    present: t`Present`,
    absent: t`Absent`,
    late: t`Late`,
    halfDay: t`Half Day`,
    percent: t`Attendance %`,
  };
  return (
    <>
      <div className={attendanceStyles.controls}>
        <DateField
          label={t`Date`}
          value={date}
          onValueChange={(value) => value && setDate(value)}
          className={attendanceStyles.date}
        />
        <Button
          variant="outline"
          onClick={refresh}
          loading={records.isFetching && !records.isPending}
          loadingText={t`Refreshing...`}
        >
          <RefreshCw size={16} aria-hidden="true" />
          <Trans>Refresh</Trans>
        </Button>
      </div>

      <h2 className={attendanceStyles.heading}>
        <Trans>Overall Statistics</Trans>
      </h2>
      <div className={attendanceStyles.stats}>
        <StatCard
          label={t`Total Teachers`}
          icon={Users}
          value={formatCount(teachers.length)}
          helpText={t`Active teachers`}
          loading={loading}
        />
        <StatCard
          label={date === today ? t`Present Today` : t`Present`}
          icon={CircleCheck}
          tone="success"
          value={formatCount(count('present'))}
          helpText={t`${late} late · ${halfDay} half day`}
          loading={loading}
        />
        <StatCard
          label={date === today ? t`Absent Today` : t`Absent`}
          icon={CircleX}
          tone="danger"
          value={formatCount(count('absent'))}
          helpText={t`${unmarked} not marked`}
          loading={loading}
        />
        <StatCard
          label={t`Attendance %`}
          icon={Percent}
          tone="info"
          value={formatPercent(percent)}
          helpText={formatDate(date)}
          loading={loading}
        />
      </div>

      <SectionCard
        id="mark-teachers-title"
        title={t`Mark Attendance for ${longDate}`}
        description={t`A later mark replaces the earlier one for the day.`}
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
          <ErrorState title={t`Attendance could not be loaded`} description={records.error.message} onRetry={refresh} />
        ) : teachers.length === 0 ? (
          <EmptyState
            as="h3"
            icon={CalendarCheck}
            title={t`No active teachers`}
            description={t`Active teachers are listed here to mark.`}
          />
        ) : (
          <ul className={attendanceStyles.rows}>
            {teachers.map((teacher) => {
              const record = byTeacher.get(teacher._id);
              const subjects = listFormat.format(teacher.subjects.map((s) => subjectLabel(s.name)));
              return (
                <li key={teacher._id} className={attendanceStyles.row}>
                  <div className={attendanceStyles.who}>
                    <Avatar name={teacher.name} size="md" />
                    <div className={attendanceStyles.text}>
                      <span className={attendanceStyles.name}>{teacher.name}</span>
                      <span className={attendanceStyles.meta}>{subjects || t`No subjects assigned`}</span>
                      <span className={attendanceStyles.state}>
                        {record ? (
                          <Badge tone={STATUS_TONES[record.status]}>{statusLabel(record.status)}</Badge>
                        ) : (
                          <Badge>
                            <Trans>Not Marked</Trans>
                          </Badge>
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
        title={t`Individual Teacher Statistics`}
        description={
          stats.data
            ? t`${startDate} to ${endDate}: late counts as attended, a half day as half.`
            : t`The last 30 days.`
        }
      >
        {stats.isPending ? (
          <div className={css({ p: '5' })} aria-busy="true">
            <Skeleton h="24" />
          </div>
        ) : stats.isError && !stats.data ? (
          <ErrorState title={t`Statistics could not be loaded`} description={stats.error.message} onRetry={refresh} />
        ) : (
          // Focusable: the table has nothing else to focus, and longer headers (Hindi, Arabic) make it scroll.
          <Table.Scroller
            className={tableStyles.scroller}
            tabIndex={0}
            role="region"
            aria-label={t`Attendance of each teacher over the last 30 days`}
          >
            <Table.Root className={tableStyles.root}>
              <Table.Caption srOnly>
                <Trans>Attendance of each teacher over the last 30 days</Trans>
              </Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header>
                    <Trans>Teacher</Trans>
                  </Table.Header>
                  {[column.totalDays, column.present, column.absent, column.late, column.halfDay, column.percent].map(
                    (c) => (
                      <Table.Header key={c} textAlign="end">
                        {c}
                      </Table.Header>
                    ),
                  )}
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
                      <Table.Cell data-label={column.totalDays} className={tableStyles.numeric}>
                        {formatCount(row.totalDays)}
                      </Table.Cell>
                      <Table.Cell data-label={column.present} className={tableStyles.numeric}>
                        {formatCount(row.present)}
                      </Table.Cell>
                      <Table.Cell data-label={column.absent} className={tableStyles.numeric}>
                        {formatCount(row.absent)}
                      </Table.Cell>
                      <Table.Cell data-label={column.late} className={tableStyles.numeric}>
                        {formatCount(row.late)}
                      </Table.Cell>
                      <Table.Cell data-label={column.halfDay} className={tableStyles.numeric}>
                        {formatCount(row.halfDay)}
                      </Table.Cell>
                      <Table.Cell data-label={column.percent} className={tableStyles.numeric}>
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
