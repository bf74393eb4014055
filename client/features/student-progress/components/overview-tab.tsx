import { t } from '@lingui/core/macro';
import { FileCheck2, GraduationCap, Percent, Trophy } from 'lucide-react';
import { css } from 'styled-system/css';
import { StatCard } from '~/components/ui/stat';
import { i18n } from '~/lib/i18n';
import type { ProgressChoice } from './progress-choice';

const styles = {
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
  }),
};

export const percentText = (n: number | null | undefined) =>
  n == null
    ? '–'
    : new Intl.NumberFormat(i18n.locale, {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(n / 100);
const gpaText = (n: number | null | undefined) =>
  n == null
    ? '–'
    : new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const countText = (n: number) => new Intl.NumberFormat(i18n.locale).format(n);
const dayOf = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(iso));

/** The chosen class's term at a glance, from the same results the other tabs show. */
export function OverviewTab({ choice }: { choice: ProgressChoice }) {
  const summary = choice.results.data?.summary;
  const loading = choice.results.isPending;
  const withResults = countText(summary?.withResults ?? 0);
  const publishedOn = choice.publication ? dayOf(choice.publication.publishedAt) : '';
  return (
    <div className={styles.stats}>
      <StatCard
        label={t`Students`}
        icon={GraduationCap}
        loading={loading}
        value={summary ? countText(summary.students) : '–'}
        helpText={t`${withResults} with marks this term`}
      />
      <StatCard
        label={t`Class average`}
        icon={Percent}
        tone="info"
        loading={loading}
        value={percentText(summary?.meanPercent)}
        helpText={t`Weighted percentage of all subjects`}
      />
      <StatCard
        label={t`Average GPA`}
        icon={Trophy}
        tone="success"
        loading={loading}
        value={gpaText(summary?.meanGpa)}
        helpText={t`On the school's grading scale`}
      />
      <StatCard
        label={t`Report cards`}
        icon={FileCheck2}
        tone="warning"
        loading={choice.publications.isPending}
        value={choice.publication ? t`Published` : t`Not published`}
        helpText={choice.publication ? t`Families see them since ${publishedOn}` : t`Families do not see them yet`}
      />
    </div>
  );
}
