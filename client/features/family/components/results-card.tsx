import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Download, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { toast } from '~/lib/toast';
import { type ChildResults, childResultsQuery, downloadReportCard } from '../api';
import type { FamilyRole } from '../session';
import { SectionCard } from './section-card';

const styles = {
  terms: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  term: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  termHead: css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' }),
  termText: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  termName: css({ fontWeight: 'semibold', color: 'fg' }),
  overall: css({ fontSize: 'sm', color: 'fg.muted' }),
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '2',
    minH: 'touch',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
  }),
  subject: css({ flex: '1', minW: '0', color: 'fg', wordBreak: 'break-word' }),
  percent: css({ color: 'fg.muted', fontSize: 'sm', textAlign: 'end' }),
  none: css({ color: 'fg.muted', fontSize: 'sm' }),
};

type TermResult = ChildResults[number];

const percentOf = (n: number | null) => (n == null ? '–' : `${n.toFixed(1)}%`);

function TermResults({ childId, result }: { childId: string; result: TermResult }) {
  const [busy, setBusy] = useState(false);
  const termName = result.term.name;
  const percent = percentOf(result.percent);
  const grade = result.grade ?? '–';
  const gpa = result.gpa == null ? '–' : String(result.gpa);
  const rank = result.rank;
  const download = async () => {
    setBusy(true);
    try {
      await downloadReportCard(childId, result.term);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t`Failed to download the report card`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.term} aria-label={termName}>
      <div className={styles.termHead}>
        <div className={styles.termText}>
          <h3 className={styles.termName}>{termName}</h3>
          <span className={styles.overall} data-numeric="">
            {rank == null
              ? t`Overall ${percent} · grade ${grade} · GPA ${gpa}`
              : t`Overall ${percent} · grade ${grade} · GPA ${gpa} · rank ${rank}`}
          </span>
        </div>
        <Button
          variant="outline"
          onClick={() => void download()}
          loading={busy}
          loadingText={t`Downloading...`}
          aria-label={t`Download report card of ${termName}`}
        >
          <Download size={16} aria-hidden="true" />
          <Trans>Download report card</Trans>
        </Button>
      </div>
      <ul className={styles.list} aria-label={t`Subjects of ${termName}`}>
        {result.subjects.map((subject) => (
          <li key={subject._id} className={styles.item}>
            <span className={styles.subject}>{subject.name}</span>
            <span className={styles.percent} data-numeric="">
              {percentOf(subject.percent)}
            </span>
            <Badge tone={subject.grade ? 'info' : 'neutral'} size="sm">
              {subject.grade ?? '–'}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The child's results of each term the school has published, newest first, each with its report card. */
export function ResultsCard({ role, childId, className }: { role: FamilyRole; childId: string; className?: string }) {
  const results = useQuery(childResultsQuery(role, childId));
  const terms = [...(results.data ?? [])].reverse();
  return (
    <SectionCard
      className={className}
      title={t`Results`}
      icon={GraduationCap}
      description={t`Term results and report cards, once the school publishes them`}
    >
      {results.isPending ? (
        <Skeleton height="24" />
      ) : results.isError ? (
        <p className={styles.none}>{results.error.message}</p>
      ) : terms.length === 0 ? (
        <p className={styles.none}>
          <Trans>No results have been published yet.</Trans>
        </p>
      ) : (
        <div className={styles.terms}>
          {terms.map((result) => (
            <TermResults key={result.term._id} childId={childId} result={result} />
          ))}
        </div>
      )}
    </SectionCard>
  );
}
