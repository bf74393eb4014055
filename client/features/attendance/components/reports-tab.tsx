import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
import { i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { type ClassStats, classesQuery, classStatsQuery } from '../api';
import {
  classLabel,
  formatCount,
  formatMonth,
  formatPercent,
  formatShortDate,
  formatWholePercent,
  monthsBefore,
  schoolToday,
} from '../format';
import { buildReport } from '../report-data';
import { mostAbsentColumns } from './report-columns';

/** One statistics call per class; a school with more classes sees the first ones and is told so. */
const MAX_CLASSES = 12;
const PERFECT_SHOWN = 18;

const RANGES = [
  { value: '1', label: msg`This month` },
  { value: '3', label: msg`Last 3 months` },
  { value: '6', label: msg`Last 6 months` },
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
    if (failed) toast.error(t`Failed to fetch class attendance`, { description: failed.message });
  }, [failed]);

  const loaded = results.map((r) => r.data).filter((d): d is ClassStats => d !== undefined);
  const dataKey = results.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey changes exactly when any class's answer does.
  const report = useMemo(() => buildReport(loaded), [dataKey]);

  const toolbar = (
    <div className={styles.toolbar}>
      <SimpleSelect
        label={t`Period`}
        options={RANGES.map((r) => ({ value: r.value, label: i18n._(r.label) }))}
        value={months}
        onValueChange={(value) => value && setMonths(value)}
        className={styles.range}
      />
    </div>
  );

  if (failed && loaded.length === 0 && !pending) {
    return (
      <section aria-label={t`Attendance reports`}>
        {toolbar}
        <Card.Root>
          <ErrorState
            title={t`Reports could not be loaded`}
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
  const from = formatShortDate(startDate);
  const to = formatShortDate(today);
  const rangeText = t`${from} to ${to}`;
  const classCount = classes.data?.length ?? 0;
  const dayCount = report.overall.days;
  const days = plural(dayCount, { one: '# school day', other: '# school days' });
  const bestRate = report.best ? formatPercent(report.best.rate) : '';
  const marks = formatCount(report.overall.marks);
  const shownAbsent = report.mostAbsent.length || 5;
  const perfectCount = report.perfect.length;
  const perfectMore = report.perfect.length - PERFECT_SHOWN;
  const lowest = Math.min(...report.months.map((m) => m.rate));
  const floor = Number.isFinite(lowest) ? Math.max(0, Math.floor(lowest / 10) * 10 - 10) : 0;

  return (
    <section aria-label={t`Attendance reports`}>
      {toolbar}
      {(classes.data?.length ?? 0) > MAX_CLASSES ? (
        <Notice tone="info" icon={CalendarCheck} className={styles.notice}>
          <Trans>
            These reports cover the first {MAX_CLASSES} of {classCount} classes.
          </Trans>
        </Notice>
      ) : null}
      {empty ? (
        <Card.Root>
          <EmptyState
            as="h3"
            icon={CalendarCheck}
            title={t`No attendance in this period`}
            description={t`No registers were taken between ${rangeText}. Reports appear once teachers take registers.`}
          />
        </Card.Root>
      ) : (
        <>
          <div className={styles.stats}>
            <StatCard
              label={t`Average attendance`}
              icon={Percent}
              tone="info"
              value={report.overall.rate === null ? '—' : formatPercent(report.overall.rate)}
              helpText={t`${days} · ${rangeText}`}
              loading={pending}
            />
            <StatCard
              label={t`Best class`}
              icon={Trophy}
              tone="success"
              value={report.best ? classLabel(report.best.klass) : '—'}
              helpText={report.best ? t`${bestRate} attendance` : undefined}
              loading={pending}
            />
            <StatCard
              label={t`Perfect attendance`}
              icon={Award}
              tone="brand"
              value={formatCount(report.perfect.length)}
              helpText={t`Students never absent or late`}
              loading={pending}
            />
            <StatCard
              label={t`Periods missed`}
              icon={CircleX}
              tone="danger"
              value={formatCount(report.overall.absent)}
              helpText={t`Absent marks of ${marks} taken`}
              loading={pending}
            />
          </div>

          <div className={styles.charts}>
            <ChartCard
              title={t`Monthly attendance trend`}
              description={t`Share of marks present or late, each month`}
              chart={
                pending
                  ? null
                  : {
                      type: 'line',
                      title: t`Monthly attendance rate`,
                      labelHeader: t`Month`,
                      labels: report.months.map((m) => formatMonth(m.month)),
                      series: [{ label: t`Attendance rate`, data: report.months.map((m) => round1(m.rate)) }],
                      formatValue: formatPercent,
                      formatTick: formatWholePercent,
                      valueMin: floor,
                      valueMax: 100,
                    }
              }
            />
            <ChartCard
              title={t`Class comparison`}
              description={t`Attendance rate per class, ${rangeText}`}
              chart={
                pending
                  ? null
                  : {
                      type: 'bar',
                      title: t`Attendance rate per class`,
                      labelHeader: t`Class`,
                      labels: report.classes.map((c) => classLabel(c.klass)),
                      series: [
                        {
                          label: t`Attendance rate`,
                          tone: 'teal',
                          data: report.classes.map((c) => round1(c.rate ?? 0)),
                        },
                      ],
                      formatValue: formatPercent,
                      formatTick: formatWholePercent,
                      valueMax: 100,
                    }
              }
            />
          </div>

          <div className={styles.lists}>
            <Card.Root aria-labelledby="most-absent-title">
              <Card.Header>
                <Card.Title id="most-absent-title">
                  <Trans>Most absent students</Trans>
                </Card.Title>
                <Card.Description>{t`The ${shownAbsent} who missed the most periods`}</Card.Description>
              </Card.Header>
              <Card.Body>
                {pending ? (
                  <Skeleton h="40" />
                ) : report.mostAbsent.length === 0 ? (
                  <p className={styles.more}>
                    <Trans>Nobody was absent in this period.</Trans>
                  </p>
                ) : (
                  <SimpleTable
                    caption={t`Most absent students, ${rangeText}`}
                    columns={mostAbsentColumns()}
                    rows={report.mostAbsent}
                    rowKey={(row) => row.student._id}
                  />
                )}
              </Card.Body>
            </Card.Root>
            <Card.Root aria-labelledby="perfect-title">
              <Card.Header>
                <Card.Title id="perfect-title">
                  <Trans>Perfect attendance</Trans>
                </Card.Title>
                <Card.Description>
                  {pending
                    ? t`Never absent or late in this period`
                    : plural(perfectCount, {
                        one: '# student never absent or late in this period',
                        other: '# students never absent or late in this period',
                      })}
                </Card.Description>
              </Card.Header>
              <Card.Body>
                {pending ? (
                  <Skeleton h="24" />
                ) : report.perfect.length === 0 ? (
                  <p className={styles.more}>
                    <Trans>Every student missed or was late for at least one period.</Trans>
                  </p>
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
                      <p className={styles.more}>
                        <Trans>and {perfectMore} more</Trans>
                      </p>
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
