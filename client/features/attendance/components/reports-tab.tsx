import { useQueries, useQuery } from '@tanstack/react-query';
import { Award, CalendarCheck, CircleX, Percent, Trophy } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import * as Card from '~/components/ui/card';
import { ChartCard } from '~/components/ui/chart-card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Notice } from '~/components/ui/notice';
import { SimpleSelect } from '~/components/ui/select';
import { SimpleTable } from '~/components/ui/simple-table';
import { Skeleton } from '~/components/ui/skeleton';
import { StatCard } from '~/components/ui/stat';
import { toast } from '~/lib/toast';
import { type ClassStats, classesQuery, classStatsQuery } from '../api';
import { classLabel, formatMonth, formatPercent, formatShortDate, monthsBefore, schoolToday } from '../format';
import { buildReport } from '../report-data';
import { mostAbsentColumns } from './report-columns';

/** One statistics call per class; a school with more classes sees the first ones and is told so. */
const MAX_CLASSES = 12;
const PERFECT_SHOWN = 18;

const RANGES = [
  { value: '1', label: 'This month' },
  { value: '3', label: 'Last 3 months' },
  { value: '6', label: 'Last 6 months' },
] as const;

const styles = {
  toolbar: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', mb: '5' }),
  range: css({ w: { base: 'full', sm: '56' } }),
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: { base: '3', md: '4' },
    mb: { base: '5', md: '6' },
  }),
  charts: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' },
    gap: { base: '4', md: '6' },
    mb: { base: '5', md: '6' },
  }),
  lists: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' },
    gap: { base: '4', md: '6' },
    alignItems: 'start',
  }),
  notice: css({ mb: '4' }),
  chips: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  more: css({ fontSize: 'sm', color: 'fg.muted' }),
};

const percentText = (value: number) => `${value.toFixed(1)}%`;

/** Attendance reports drawn from the school's own marks: trend by month, classes side by side, who stands out. */
export function ReportsTab() {
  const [today] = useState(schoolToday);
  const [months, setMonths] = useState<string>('3');
  const startDate = monthsBefore(today, Number(months) - 1);
  const classes = useQuery(classesQuery());
  const shown = (classes.data ?? []).slice(0, MAX_CLASSES);
  const results = useQueries({
    queries: shown.map((c) => classStatsQuery(c._id, startDate, today)),
  });

  const pending = classes.isPending || results.some((r) => r.isPending);
  const failed = classes.error ?? results.find((r) => r.error)?.error ?? null;
  useEffect(() => {
    if (failed) toast.error('Failed to fetch class attendance', { description: failed.message });
  }, [failed]);

  const loaded = results.map((r) => r.data).filter((d): d is ClassStats => d !== undefined);
  const dataKey = results.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey changes exactly when any class's answer does.
  const report = useMemo(() => buildReport(loaded), [dataKey]);

  const toolbar = (
    <div className={styles.toolbar}>
      <SimpleSelect
        label="Period"
        options={RANGES.map((r) => ({ value: r.value, label: r.label }))}
        value={months}
        onValueChange={(value) => value && setMonths(value)}
        className={styles.range}
      />
    </div>
  );

  if (failed && loaded.length === 0 && !pending) {
    return (
      <section aria-label="Attendance reports">
        {toolbar}
        <Card.Root>
          <ErrorState
            title="Reports could not be loaded"
            description={failed.message}
            onRetry={() => {
              void classes.refetch();
              for (const r of results) void r.refetch();
            }}
          />
        </Card.Root>
      </section>
    );
  }

  const empty = !pending && report.overall.marks === 0;
  const rangeText = `${formatShortDate(startDate)} to ${formatShortDate(today)}`;
  const lowest = Math.min(...report.months.map((m) => m.rate));
  const floor = Number.isFinite(lowest) ? Math.max(0, Math.floor(lowest / 10) * 10 - 10) : 0;

  return (
    <section aria-label="Attendance reports">
      {toolbar}
      {(classes.data?.length ?? 0) > MAX_CLASSES ? (
        <Notice tone="info" icon={CalendarCheck} className={styles.notice}>
          These reports cover the first {MAX_CLASSES} of {classes.data?.length} classes.
        </Notice>
      ) : null}
      {empty ? (
        <Card.Root>
          <EmptyState
            as="h3"
            icon={CalendarCheck}
            title="No attendance in this period"
            description={`No registers were taken between ${rangeText}. Reports appear once teachers take registers.`}
          />
        </Card.Root>
      ) : (
        <>
          <div className={styles.stats}>
            <StatCard
              label="Average attendance"
              icon={Percent}
              tone="info"
              value={report.overall.rate === null ? '—' : formatPercent(report.overall.rate)}
              helpText={`${report.overall.days} school days · ${rangeText}`}
              loading={pending}
            />
            <StatCard
              label="Best class"
              icon={Trophy}
              tone="success"
              value={report.best ? classLabel(report.best.klass) : '—'}
              helpText={report.best ? `${formatPercent(report.best.rate)} attendance` : undefined}
              loading={pending}
            />
            <StatCard
              label="Perfect attendance"
              icon={Award}
              tone="brand"
              value={report.perfect.length}
              helpText="Students never absent or late"
              loading={pending}
            />
            <StatCard
              label="Periods missed"
              icon={CircleX}
              tone="danger"
              value={report.overall.absent.toLocaleString()}
              helpText={`Absent marks of ${report.overall.marks.toLocaleString()} taken`}
              loading={pending}
            />
          </div>

          <div className={styles.charts}>
            <ChartCard
              title="Monthly attendance trend"
              description="Share of marks present or late, each month"
              chart={
                pending
                  ? null
                  : {
                      type: 'line',
                      title: 'Monthly attendance rate',
                      labelHeader: 'Month',
                      labels: report.months.map((m) => formatMonth(m.month)),
                      series: [{ label: 'Attendance rate', data: report.months.map((m) => round1(m.rate)) }],
                      formatValue: percentText,
                      formatTick: (v) => `${v}%`,
                      valueMin: floor,
                      valueMax: 100,
                    }
              }
            />
            <ChartCard
              title="Class comparison"
              description={`Attendance rate per class, ${rangeText}`}
              chart={
                pending
                  ? null
                  : {
                      type: 'bar',
                      title: 'Attendance rate per class',
                      labelHeader: 'Class',
                      labels: report.classes.map((c) => classLabel(c.klass)),
                      series: [
                        {
                          label: 'Attendance rate',
                          tone: 'teal',
                          data: report.classes.map((c) => round1(c.rate ?? 0)),
                        },
                      ],
                      formatValue: percentText,
                      formatTick: (v) => `${v}%`,
                      valueMax: 100,
                    }
              }
            />
          </div>

          <div className={styles.lists}>
            <Card.Root aria-labelledby="most-absent-title">
              <Card.Header>
                <Card.Title id="most-absent-title">Most absent students</Card.Title>
                <Card.Description>The {report.mostAbsent.length || 5} who missed the most periods</Card.Description>
              </Card.Header>
              <Card.Body>
                {pending ? (
                  <Skeleton h="40" />
                ) : report.mostAbsent.length === 0 ? (
                  <p className={styles.more}>Nobody was absent in this period.</p>
                ) : (
                  <SimpleTable
                    caption={`Most absent students, ${rangeText}`}
                    columns={mostAbsentColumns}
                    rows={report.mostAbsent}
                    rowKey={(row) => row.student._id}
                  />
                )}
              </Card.Body>
            </Card.Root>
            <Card.Root aria-labelledby="perfect-title">
              <Card.Header>
                <Card.Title id="perfect-title">Perfect attendance</Card.Title>
                <Card.Description>
                  {pending
                    ? 'Never absent or late in this period'
                    : `${report.perfect.length} students never absent or late in this period`}
                </Card.Description>
              </Card.Header>
              <Card.Body>
                {pending ? (
                  <Skeleton h="24" />
                ) : report.perfect.length === 0 ? (
                  <p className={styles.more}>Every student missed or was late for at least one period.</p>
                ) : (
                  <>
                    <ul className={styles.chips}>
                      {report.perfect.slice(0, PERFECT_SHOWN).map((line) => (
                        <li key={line.student._id}>
                          <Badge tone="success">
                            {line.student.name} · {classLabel(line.klass)}
                          </Badge>
                        </li>
                      ))}
                    </ul>
                    {report.perfect.length > PERFECT_SHOWN ? (
                      <p className={styles.more}>and {report.perfect.length - PERFECT_SHOWN} more</p>
                    ) : null}
                  </>
                )}
              </Card.Body>
            </Card.Root>
          </div>
        </>
      )}
    </section>
  );
}

const round1 = (value: number) => Math.round(value * 10) / 10;
