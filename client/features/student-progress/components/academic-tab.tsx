import { t } from '@lingui/core/macro';
import { useQueries } from '@tanstack/react-query';
import { ChartColumn } from 'lucide-react';
import { css } from 'styled-system/css';
import { ChartCard } from '~/components/ui/chart-card';
import { EmptyState } from '~/components/ui/empty-state';
import { resultsQuery } from '../api';
import { percentText } from './overview-tab';
import type { ProgressChoice } from './progress-choice';

const styles = {
  charts: css({ display: 'grid', gridTemplateColumns: { base: '1fr', xl: '3fr 2fr' }, gap: { base: '4', md: '6' } }),
};

/** At most this many terms in the trend: a school's year has three or four, and each is one results call. */
const TREND_TERMS = 4;

type Term = { _id: string; name: string; startDate: string; endDate: string };

/** The chosen term and the terms before it that began within the year ending with it. */
export function termsOfYear(terms: Term[], chosen: Term | undefined) {
  if (!chosen) return [];
  const end = new Date(`${chosen.endDate}T00:00:00Z`);
  end.setUTCFullYear(end.getUTCFullYear() - 1);
  const yearBefore = end.toISOString().slice(0, 10);
  return [...terms]
    .filter((term) => term.startDate > yearBefore && term.startDate <= chosen.startDate)
    .sort((a, b) => a.startDate.localeCompare(b.startDate))
    .slice(-TREND_TERMS);
}

/** Subject averages of the chosen class and term, and the class average across the year's terms. */
export function AcademicTab({ choice }: { choice: ProgressChoice }) {
  const { classId, className, termName, results } = choice;
  const trendTerms = termsOfYear(choice.terms.data ?? [], choice.term);
  // The chosen term's call is the one the other tabs already made: the query cache shares it.
  const trend = useQueries({
    queries: trendTerms.map((term) => ({ ...resultsQuery(classId, term._id), enabled: Boolean(classId) })),
  });
  const subjects = (results.data?.subjects ?? []).filter((s) => s.statistics.mean != null);
  const trendReady = trend.every((q) => q.isSuccess);
  // A term without marks has no average: it is left out rather than drawn as zero.
  const points = trendTerms
    .map((term, i) => ({ term, mean: trend[i]?.data?.summary.meanPercent ?? null }))
    .filter((p): p is { term: Term; mean: number } => p.mean != null);
  const empty = (title: string) => (
    <EmptyState as="h3" icon={ChartColumn} title={title} description={t`Averages appear once marks are entered.`} />
  );

  return (
    <div className={styles.charts}>
      <ChartCard
        title={t`Averages by subject`}
        description={t`${className}, ${termName}`}
        empty={results.isSuccess && !subjects.length ? empty(t`No marks in this term yet`) : undefined}
        chart={
          results.isSuccess
            ? {
                type: 'bar',
                title: t`Average percentage by subject, ${className}, ${termName}`,
                labelHeader: t`Subject`,
                labels: subjects.map((s) => s.name),
                series: [{ label: t`Average`, data: subjects.map((s) => s.statistics.mean ?? 0), tone: 'brand' }],
                formatValue: percentText,
                valueMin: 0,
                valueMax: 100,
              }
            : null
        }
      />
      <ChartCard
        title={t`Class average across the year`}
        description={t`${className}, up to ${termName}`}
        empty={
          trend.some((q) => q.isError)
            ? empty(t`The averages could not be loaded`)
            : trendReady && !points.length
              ? empty(t`No marks in this term yet`)
              : undefined
        }
        chart={
          trendReady
            ? {
                type: 'line',
                title: t`Class average by term, ${className}`,
                labelHeader: t`Term`,
                labels: points.map((p) => p.term.name),
                series: [
                  {
                    label: t`Class average`,
                    data: points.map((p) => p.mean),
                    tone: 'success',
                  },
                ],
                formatValue: percentText,
                valueMin: 0,
                valueMax: 100,
              }
            : null
        }
      />
    </div>
  );
}
