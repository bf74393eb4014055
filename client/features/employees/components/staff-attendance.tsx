import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Download, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DateField } from '~/components/ui/date-picker';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { toast } from '~/lib/toast';
import {
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  employeeDayQuery,
  exportEmployeeAttendance,
  useMarkEmployees,
} from '../api';
import {
  departmentLabel,
  formatCount,
  formatLongDate,
  formatPercent,
  localToday,
  positionLabel,
  STATUS_TONES,
  statusLabel,
} from '../format';
import { attendanceStyles, MarkButton } from './attendance-tab';
import { Avatar, SectionCard } from './parts';

const styles = {
  summary: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    px: { base: '4', md: '5' },
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  controls: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: '3',
    px: { base: '4', md: '5' },
    py: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
};

/** The first and last day of the date's month, the export's range (never past today). */
function monthRange(date: string) {
  const [year, month] = date.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const end = `${date.slice(0, 8)}${String(last).padStart(2, '0')}`;
  const today = localToday();
  return { startDate: `${date.slice(0, 8)}01`, endDate: end > today ? today : end };
}

/** Non-teaching staff attendance for a day: one row per active employee with four buttons; CSV of the month. */
export function StaffAttendance() {
  const [date, setDate] = useState(localToday);
  const day = useQuery(employeeDayQuery(date));
  const mark = useMarkEmployees();
  const [saving, setSaving] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (day.isError) toast.error(t`Failed to fetch staff attendance`, { description: day.error.message });
  }, [day.isError, day.error]);

  const markOne = async (employeeId: string, status: AttendanceStatus) => {
    setSaving(employeeId);
    try {
      await mark.mutateAsync({ date, records: [{ employeeId, status }] });
      toast.success(t`Attendance marked successfully`);
    } catch (error) {
      toast.error(t`Failed to mark attendance`, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(null);
    }
  };

  const markAllPresent = async () => {
    const unmarked = (day.data?.employees ?? []).filter((e) => !e.attendance);
    if (unmarked.length === 0) return;
    setSaving('all');
    try {
      await mark.mutateAsync({
        date,
        records: unmarked.map((e) => ({ employeeId: e._id, status: 'present' as const })),
      });
      toast.success(t`Attendance marked successfully`, {
        description: plural(unmarked.length, { one: '# marked present', other: '# marked present' }),
      });
    } catch (error) {
      toast.error(t`Failed to mark attendance`, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(null);
    }
  };

  const exportMonth = async () => {
    setExporting(true);
    try {
      await exportEmployeeAttendance(monthRange(date));
    } catch (error) {
      toast.error(t`Failed to export attendance`, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setExporting(false);
    }
  };

  const summary = day.data?.summary;
  const notMarked = summary?.notMarked ?? 0;
  const longDate = formatLongDate(date);
  return (
    <SectionCard
      id="staff-attendance-title"
      title={t`Staff Attendance`}
      description={t`Mark attendance for ${longDate}. A later mark replaces the earlier one for the day.`}
      actions={
        <>
          <Button
            variant="outline"
            onClick={() => void exportMonth()}
            loading={exporting}
            loadingText={t`Exporting...`}
          >
            <Download size={16} aria-hidden="true" />
            <Trans>Export CSV</Trans>
          </Button>
          <Button
            variant="subtle"
            onClick={() => void markAllPresent()}
            disabled={notMarked === 0 || saving !== null}
            loading={saving === 'all'}
            loadingText={t`Marking...`}
          >
            <Trans>Mark remaining present</Trans>
          </Button>
        </>
      }
      toolbar={
        <>
          <div className={styles.controls}>
            <DateField
              label={t`Date`}
              value={date}
              onValueChange={(value) => value && setDate(value)}
              className={attendanceStyles.date}
            />
            <Button
              variant="outline"
              onClick={() => void day.refetch()}
              loading={day.isFetching && !day.isPending}
              loadingText={t`Refreshing...`}
            >
              <RefreshCw size={16} aria-hidden="true" />
              <Trans>Refresh</Trans>
            </Button>
          </div>
          {summary ? (
            <div className={styles.summary}>
              <Badge tone="success">
                <Trans>Present {formatCount(summary.present)}</Trans>
              </Badge>
              <Badge tone="danger">
                <Trans>Absent {formatCount(summary.absent)}</Trans>
              </Badge>
              <Badge tone="warning">
                <Trans>Late {formatCount(summary.late)}</Trans>
              </Badge>
              <Badge tone="info">
                <Trans>Half Day {formatCount(summary.halfDay)}</Trans>
              </Badge>
              <Badge>
                <Trans>Not Marked {formatCount(summary.notMarked)}</Trans>
              </Badge>
              <Badge tone="brand">
                <Trans>Attendance {formatPercent(summary.attendancePercentage)}</Trans>
              </Badge>
            </div>
          ) : null}
        </>
      }
    >
      {day.isPending ? (
        <div className={attendanceStyles.rows} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className={attendanceStyles.row}>
              <Skeleton h="10" />
            </div>
          ))}
        </div>
      ) : day.isError && !day.data ? (
        <ErrorState
          title={t`Staff attendance could not be loaded`}
          description={day.error.message}
          onRetry={() => void day.refetch()}
        />
      ) : (day.data?.employees.length ?? 0) === 0 ? (
        <EmptyState
          as="h3"
          icon={CalendarCheck}
          title={t`No active staff`}
          description={t`Recruited staff are listed here to mark.`}
        />
      ) : (
        <ul className={attendanceStyles.rows}>
          {day.data?.employees.map((employee) => (
            <li key={employee._id} className={attendanceStyles.row}>
              <div className={attendanceStyles.who}>
                <Avatar name={employee.name} size="md" />
                <div className={attendanceStyles.text}>
                  <span className={attendanceStyles.name}>{employee.name}</span>
                  <span className={attendanceStyles.meta}>
                    {positionLabel(employee.position)} · {departmentLabel(employee.department)}
                  </span>
                  <span className={attendanceStyles.state}>
                    {employee.attendance ? (
                      <Badge tone={STATUS_TONES[employee.attendance.status]}>
                        {statusLabel(employee.attendance.status)}
                      </Badge>
                    ) : (
                      <Badge>
                        <Trans>Not Marked</Trans>
                      </Badge>
                    )}
                    {employee.attendance?.remarks ? (
                      <span className={attendanceStyles.remarks}>{employee.attendance.remarks}</span>
                    ) : null}
                  </span>
                </div>
              </div>
              <div className={attendanceStyles.buttons}>
                {ATTENDANCE_STATUSES.map((status) => (
                  <MarkButton
                    key={status}
                    status={status}
                    who={employee.name}
                    current={employee.attendance?.status ?? null}
                    disabled={saving === employee._id || saving === 'all'}
                    onClick={() => void markOne(employee._id, status)}
                  />
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
