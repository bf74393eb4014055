import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { css, cx } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { formatMoney } from '~/components/ui/money';
import { Skeleton } from '~/components/ui/skeleton';
import type { Row } from '~/lib/answers';
import { isolate } from '~/lib/i18n';
import type { studentHistoryAnswer } from '../../worker/modules/years/answers';

/** One year of a student's history, as the office's and the family's calls answer it. */
export type StudentYear = Row<typeof studentHistoryAnswer>;

// One row per year on a wide screen; on a phone each year stacks its parts under their own labels.
const columns = { base: '1fr', lg: '9rem minmax(0, 1fr) minmax(0, 1.2fr) minmax(0, 1.2fr) minmax(0, 1.3fr)' };
const styles = {
  list: css({ listStyle: 'none', display: 'flex', flexDirection: 'column' }),
  head: css({
    display: { base: 'none', lg: 'grid' },
    gridTemplateColumns: columns,
    gap: '4',
    pb: '2',
    borderBottomWidth: '1px',
    borderColor: 'border',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  }),
  year: css({
    display: 'grid',
    gridTemplateColumns: columns,
    gap: { base: '3', lg: '4' },
    alignItems: 'start',
    py: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
    fontSize: 'sm',
    _last: { borderBottomWidth: '0' },
  }),
  label: css({
    display: 'block',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
    mb: '0.5',
    lg: { srOnly: true },
  }),
  yearName: css({ fontWeight: 'semibold', display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' }),
  strong: css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' }),
  muted: css({ color: 'fg.muted' }),
  numbers: css({ fontVariantNumeric: 'tabular-nums' }),
  pairs: css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '0.5' }),
  owed: css({ color: 'danger.fg', fontWeight: 'semibold' }),
};

function outcomeText(outcome: StudentYear['outcome']) {
  if (outcome === 'promoted') return t`Promoted`;
  if (outcome === 'repeated') return t`Repeated the year`;
  if (outcome === 'left') return t`Left`;
  if (outcome === 'graduated') return t`Graduated`;
  return null;
}

function Part({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <span className={styles.label}>{label}</span>
      {children}
    </div>
  );
}

function Attendance({ a }: { a: StudentYear['attendance'] }) {
  if (a.marked === 0) return <span className={styles.muted}>{t`No marks`}</span>;
  const { present, absent, late, excused } = a;
  return (
    <>
      <div className={styles.strong}>{a.percentage === null ? '—' : t`${a.percentage}% present`}</div>
      <div className={cx(styles.muted, styles.numbers)}>
        {t`Present ${present} · Absent ${absent} · Late ${late} · Excused ${excused}`}
      </div>
    </>
  );
}

function Results({ results }: { results: StudentYear['results'] }) {
  if (!results.length) return <span className={styles.muted}>{t`No results`}</span>;
  return (
    <dl className={styles.pairs}>
      {results.map((r) => (
        <div key={r.termId} style={{ display: 'contents' }}>
          <dt className={styles.muted}>{r.term}</dt>
          <dd className={styles.numbers}>
            {r.percentage === null ? '—' : r.grade ? t`${r.percentage}% · ${r.grade}` : t`${r.percentage}%`}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Fees({ fees, currency }: { fees: StudentYear['fees']; currency: string }) {
  if (fees.billed === 0) return <span className={styles.muted}>{t`No fees`}</span>;
  return (
    <dl className={styles.pairs}>
      <dt className={styles.muted}>{t`Billed`}</dt>
      <dd className={styles.numbers}>{formatMoney(fees.billed, currency)}</dd>
      <dt className={styles.muted}>{t`Paid`}</dt>
      <dd className={styles.numbers}>{formatMoney(fees.paid, currency)}</dd>
      <dt className={styles.muted}>{fees.arrears > 0 ? t`Owed as arrears` : t`Owed`}</dt>
      <dd className={cx(styles.numbers, fees.owed > 0 ? styles.owed : undefined)}>
        {formatMoney(fees.owed, currency)}
      </dd>
    </dl>
  );
}

export interface YearsCardProps {
  /** The student's years, oldest first (`GET /years/students/:id`, or the family's `/family/children/:id/years`). */
  history: UseQueryResult<StudentYear[]>;
  currency: string;
  /** What the card holds, when it is not every term's results (a family sees published ones only). */
  description?: string;
  className?: string;
}

/**
 * A student's years, newest first: class and roll number, outcome, attendance, each term's results and fees. The
 * office's student profile and the family's child screen show it, each with its own call.
 */
export function YearsCard({ history, currency, description, className }: YearsCardProps) {
  return (
    <Card.Root aria-labelledby="years-title" data-testid="student-years" className={className}>
      <Card.Header>
        <Card.Title id="years-title">
          <Trans>Years at the school</Trans>
        </Card.Title>
        <Card.Description>{description ?? t`Each year's class, attendance, term results and fees.`}</Card.Description>
      </Card.Header>
      <Card.Body>
        {history.isPending ? (
          <Skeleton h="16" />
        ) : history.isError ? (
          <ErrorState
            title={t`The years could not be loaded`}
            description={history.error.message}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : (
          <>
            <div className={styles.head} aria-hidden="true">
              <span>{t`Year`}</span>
              <span>{t`Class`}</span>
              <span>{t`Attendance`}</span>
              <span>{t`Results`}</span>
              <span>{t`Fees`}</span>
            </div>
            <ol className={styles.list}>
              {[...history.data].reverse().map((y) => {
                const outcome = outcomeText(y.outcome);
                const roll = y.rollNumber;
                return (
                  <li
                    key={y.academicYear}
                    className={styles.year}
                    data-testid="student-year"
                    aria-label={y.academicYear}
                  >
                    <div className={styles.yearName}>
                      {isolate(y.academicYear)}
                      {y.current ? (
                        <Badge tone="brand" size="sm">
                          <Trans>Current</Trans>
                        </Badge>
                      ) : null}
                    </div>
                    <Part label={t`Class`}>
                      <div className={styles.strong}>
                        {y.className ?? '—'}
                        {roll ? <span className={styles.muted}> · {t`Roll ${roll}`}</span> : null}
                      </div>
                      {outcome ? <div className={styles.muted}>{outcome}</div> : null}
                    </Part>
                    <Part label={t`Attendance`}>
                      <Attendance a={y.attendance} />
                    </Part>
                    <Part label={t`Results`}>
                      <Results results={y.results} />
                    </Part>
                    <Part label={t`Fees`}>
                      <Fees fees={y.fees} currency={currency} />
                    </Part>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
