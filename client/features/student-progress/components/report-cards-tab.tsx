import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Download, FileCheck2, FileX2, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { SimpleTable } from '~/components/ui/simple-table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { type ClassResults, downloadClassReportCards, useSetPublication } from '../api';
import type { ProgressChoice } from './progress-choice';

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  status: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' }),
  statusText: css({ flex: '1', minW: '12rem', display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold' }),
};

type Student = ClassResults['students'][number];
type Subject = ClassResults['subjects'][number];

const percentOf = (n: number | null) => (n == null ? '–' : `${n.toFixed(1)}%`);
const dayOf = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(iso));

/** Report cards by class and term: the term's results, publishing to families, and the class's cards as one PDF. */
export function ReportCardsTab({ choice }: { choice: ProgressChoice }) {
  const { classes, terms, classId, termId, results, publications, publication, klass, className, termName } = choice;
  const setPublication = useSetPublication();
  const [downloading, setDownloading] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);

  const publishedOn = publication ? dayOf(publication.publishedAt) : '';

  const publish = async (published: boolean) => {
    try {
      await setPublication.mutateAsync({ classId, termId, published });
      toast.success(published ? t`Report cards published successfully` : t`Report cards withdrawn successfully`, {
        description: t`${className} · ${termName}`,
      });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t`The report cards could not be changed`);
    }
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadClassReportCards(classId, termId, `${klass?.name ?? ''}-${klass?.section ?? ''}-${termName}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t`Failed to download the report cards`);
    } finally {
      setDownloading(false);
    }
  };

  const data = results.data;
  const studentColumns = [
    { key: 'roll', header: t`Roll`, render: (s: Student) => s.student.rollNumber },
    { key: 'name', header: t`Student`, render: (s: Student) => s.student.name },
    { key: 'percent', header: t`Percentage`, numeric: true, render: (s: Student) => percentOf(s.percent) },
    {
      key: 'grade',
      header: t({ message: 'Grade', context: 'a mark on the grading scale' }),
      render: (s: Student) => s.grade ?? '–',
    },
    { key: 'gpa', header: t`GPA`, numeric: true, render: (s: Student) => (s.gpa == null ? '–' : String(s.gpa)) },
    ...(data?.ranked
      ? [
          {
            key: 'rank',
            header: t`Rank`,
            numeric: true,
            render: (s: Student) => (s.rank == null ? '–' : String(s.rank)),
          },
        ]
      : []),
  ];
  const subjectColumns = [
    { key: 'name', header: t`Subject`, render: (s: Subject) => s.name },
    { key: 'mean', header: t`Mean`, numeric: true, render: (s: Subject) => percentOf(s.statistics.mean) },
    { key: 'min', header: t`Lowest`, numeric: true, render: (s: Subject) => percentOf(s.statistics.min) },
    { key: 'max', header: t`Highest`, numeric: true, render: (s: Subject) => percentOf(s.statistics.max) },
    {
      key: 'sd',
      header: t`Std. deviation`,
      numeric: true,
      render: (s: Subject) =>
        s.statistics.standardDeviation == null ? '–' : s.statistics.standardDeviation.toFixed(1),
    },
  ];

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>Report cards</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>A class's term results; publish them to families and download the class's report cards.</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body className={styles.body}>
        {classes.isPending || terms.isPending ? (
          <TableSkeleton rows={4} columns={5} />
        ) : classes.isError || terms.isError ? (
          <ErrorState
            as="h3"
            title={t`The report cards could not be loaded`}
            description={(classes.error ?? terms.error)?.message}
            onRetry={() => void Promise.all([classes.refetch(), terms.refetch()])}
          />
        ) : !classId || !termId ? (
          <EmptyState
            icon={GraduationCap}
            title={t`No terms or classes yet`}
            description={t`Report cards follow once the school has classes and terms with marked assessments.`}
          />
        ) : (
          <>
            <div className={styles.status}>
              <div className={styles.statusText}>
                {publication ? (
                  <Badge tone="success">
                    <Trans>Published {publishedOn}</Trans>
                  </Badge>
                ) : (
                  <Badge tone="neutral">
                    <Trans>Not published</Trans>
                  </Badge>
                )}
                <span className={styles.muted}>
                  {publication
                    ? t`Families of ${className} see these results and report cards.`
                    : t`Families see nothing of this term until it is published.`}
                </span>
              </div>
              <div className={styles.actions}>
                <Button variant="outline" onClick={() => void download()} loading={downloading}>
                  <Download size={16} aria-hidden="true" />
                  <Trans>Download class report cards</Trans>
                </Button>
                {publication ? (
                  <Button
                    variant="outline"
                    onClick={() => setWithdrawing(true)}
                    loading={setPublication.isPending}
                    disabled={publications.isPending}
                  >
                    <FileX2 size={16} aria-hidden="true" />
                    <Trans>Withdraw</Trans>
                  </Button>
                ) : (
                  <Button
                    onClick={() => void publish(true)}
                    loading={setPublication.isPending}
                    disabled={publications.isPending}
                  >
                    <FileCheck2 size={16} aria-hidden="true" />
                    <Trans>Publish report cards</Trans>
                  </Button>
                )}
              </div>
            </div>
            {results.isPending ? (
              <TableSkeleton rows={4} columns={5} />
            ) : results.isError ? (
              <ErrorState
                as="h3"
                title={t`The results could not be loaded`}
                description={results.error.message}
                onRetry={() => void results.refetch()}
              />
            ) : data?.students.length ? (
              <>
                <SimpleTable
                  caption={t`Results of ${className}, ${termName}`}
                  columns={studentColumns}
                  rows={data.students}
                  rowKey={(s) => s.student._id}
                />
                <h3 className={styles.heading}>
                  <Trans>Subjects</Trans>
                </h3>
                <SimpleTable
                  caption={t`Subject averages of ${className}, ${termName}`}
                  columns={subjectColumns}
                  rows={data.subjects}
                  rowKey={(s) => s._id}
                />
              </>
            ) : (
              <EmptyState
                icon={GraduationCap}
                title={t`No students in this class`}
                description={t`Results appear once the class has students and marks.`}
              />
            )}
          </>
        )}
        <ConfirmDialog
          open={withdrawing}
          onOpenChange={(open) => {
            if (!open && !setPublication.isPending) setWithdrawing(false);
          }}
          title={t`Withdraw these report cards?`}
          description={t`Families of ${className} will no longer see the ${termName} results and report cards. You can publish them again later.`}
          confirmLabel={t`Withdraw report cards`}
          busyLabel={t`Withdrawing...`}
          loading={setPublication.isPending}
          onConfirm={() => void publish(false).finally(() => setWithdrawing(false))}
        />
      </Card.Body>
    </Card.Root>
  );
}
