import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Download, School } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { SimpleSelect } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { classLabel } from '~/lib/class-label';
import { toast } from '~/lib/toast';
import {
  downloadReport,
  type MonthReport,
  reportClassesQuery,
  staffMonthQuery,
  studentsMonthQuery,
} from '../attendance-api';
import { MonthGrid } from './attendance-grid';
import {
  MonthPicker,
  monthLabel,
  pickerClass,
  type ReportFileFormat,
  ReportToolbar,
  recentMonths,
} from './report-toolbar';

const styles = {
  header: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  loading: css({ display: 'flex', flexDirection: 'column', gap: '2', p: '4' }),
};

function ReportBody({
  query,
  sticky,
  retry,
}: {
  query: { data?: MonthReport; isPending: boolean; error: Error | null; isFetching: boolean };
  sticky: 1 | 2;
  retry: () => void;
}) {
  if (query.error)
    return <ErrorState title={t`The report could not be loaded`} description={query.error.message} onRetry={retry} />;
  if (query.isPending || !query.data)
    return (
      <div className={styles.loading} aria-busy="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h="6" w="full" />
        ))}
      </div>
    );
  const { table } = query.data;
  return (
    <>
      <Card.Header className={styles.header}>
        <Card.Title>{table.title}</Card.Title>
        {table.subtitle ? <Card.Description>{table.subtitle}</Card.Description> : null}
      </Card.Header>
      {table.rows.length === 0 ? (
        <EmptyState icon={CalendarDays} title={t`No one to list for this month`} as="h3" />
      ) : (
        <MonthGrid report={query.data} sticky={sticky} />
      )}
    </>
  );
}

/** The Students Monthly Attendance Report tab: a class and a month, its register grid and its downloads. */
export function StudentsAttendanceReport() {
  const [month, setMonth] = useState(() => recentMonths(1)[0]);
  const [classId, setClassId] = useState('');
  const [wholeSchool, setWholeSchool] = useState(false);
  const classes = useQuery(reportClassesQuery());
  const report = useQuery(studentsMonthQuery(classId, month));
  const options = (classes.data ?? []).map((c) => ({ value: c._id, label: classLabel(c) }));
  const monthName = monthLabel(month);
  const download = (format: ReportFileFormat, onProgress: (percent: number) => void) =>
    downloadReport(
      '/reports/attendance/students',
      { classId, month, format },
      `attendance-${month}.${format}`,
      onProgress,
    );
  const downloadSchool = async () => {
    setWholeSchool(true);
    try {
      await downloadReport('/reports/attendance/school.csv', { month }, `school-attendance-${month}.csv`);
    } catch (error) {
      toast.error(t`The report could not be downloaded`, {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setWholeSchool(false);
    }
  };
  return (
    <section aria-label={t`Students Monthly Attendance Report`}>
      <ReportToolbar
        download={download}
        disabled={!classId}
        extra={
          <Button
            variant="subtle"
            loading={wholeSchool}
            loadingText={t`Whole school (CSV)`}
            onClick={() => void downloadSchool()}
          >
            <School size={16} aria-hidden="true" />
            <Trans>Whole school (CSV)</Trans>
          </Button>
        }
      >
        <SimpleSelect
          label={t`Class`}
          placeholder={t`Choose a class`}
          options={options}
          value={classId}
          onValueChange={(value) => value && setClassId(value)}
          className={pickerClass}
        />
        <MonthPicker value={month} onChange={setMonth} />
      </ReportToolbar>
      <Card.Root>
        {classId ? (
          <ReportBody query={report} sticky={2} retry={() => void report.refetch()} />
        ) : (
          <EmptyState
            icon={Download}
            title={t`Choose a class`}
            description={t`Its register for ${monthName}: a mark for each school day, with totals and percentages.`}
            as="h3"
          />
        )}
      </Card.Root>
    </section>
  );
}

/** The Staff Monthly Attendance Report tab: teachers and other staff, a month's daily marks and downloads. */
export function StaffAttendanceReport() {
  const [month, setMonth] = useState(() => recentMonths(1)[0]);
  const report = useQuery(staffMonthQuery(month));
  const download = (format: ReportFileFormat, onProgress: (percent: number) => void) =>
    downloadReport('/reports/attendance/staff', { month, format }, `staff-attendance-${month}.${format}`, onProgress);
  return (
    <section aria-label={t`Staff Monthly Attendance Report`}>
      <ReportToolbar download={download}>
        <MonthPicker value={month} onChange={setMonth} />
      </ReportToolbar>
      <Card.Root>
        <ReportBody query={report} sticky={1} retry={() => void report.refetch()} />
      </Card.Root>
    </section>
  );
}
