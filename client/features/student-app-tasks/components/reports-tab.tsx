import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ChartCard } from '~/components/ui/chart-card';
import { DateField } from '~/components/ui/date-picker';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import * as Table from '~/components/ui/table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { classLabel } from '~/lib/class-label';
import { type SummaryFilters, summaryQuery } from '../api';
import { count, percent } from '../format';
import { ClassSelect } from './class-select';
import { NoHomework, tabStyles } from './shared';

const styles = {
  toolbar: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 14rem)) auto' },
    gap: '3',
    alignItems: 'end',
  }),
};

/**
 * Reports: hand-in rates by class and subject (a bar chart and its table) and the students with most work overdue,
 * for a range of due dates and a class.
 */
export function ReportsTab() {
  const [filters, setFilters] = useState<SummaryFilters>({});
  const invalid = Boolean(filters.from && filters.to && filters.from > filters.to);
  const summary = useQuery({ ...summaryQuery(filters), enabled: !invalid });
  const filtered = Boolean(filters.from || filters.to || filters.classId);
  const rows = summary.data?.byClassSubject ?? [];
  const due = rows.filter((r) => r.rate !== null);
  const name = (r: (typeof rows)[number]) => `${classLabel(r.class)} · ${r.subject.name}`;
  return (
    <div className={tabStyles.stack}>
      <Card.Root>
        <Card.Body>
          <div className={styles.toolbar}>
            <DateField
              label={t`Due from`}
              value={filters.from ?? ''}
              invalid={invalid}
              onValueChange={(from) => setFilters((f) => ({ ...f, from: from || undefined }))}
            />
            <DateField
              label={t`Due to`}
              value={filters.to ?? ''}
              invalid={invalid}
              onValueChange={(to) => setFilters((f) => ({ ...f, to: to || undefined }))}
            />
            <ClassSelect value={filters.classId} onValueChange={(classId) => setFilters((f) => ({ ...f, classId }))} />
            {filtered ? (
              <Button variant="ghost" onClick={() => setFilters({})}>
                <Trans>Clear filters</Trans>
              </Button>
            ) : null}
          </div>
          {invalid ? (
            <p role="alert" className={tabStyles.muted}>
              <Trans>The first due date must not be after the last.</Trans>
            </p>
          ) : null}
        </Card.Body>
      </Card.Root>
      {summary.isError ? (
        <ErrorState
          title={t`The homework report could not be loaded`}
          description={summary.error.message}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <>
          <ChartCard
            title={t`Hand-in rate by class and subject`}
            description={t`Of homework past its due time, the share of students who handed it in`}
            chart={
              summary.data
                ? {
                    type: 'bar',
                    title: t`Hand-in rate per class and subject`,
                    labelHeader: t`Class and subject`,
                    labels: due.map(name),
                    series: [{ label: t`Hand-in rate`, data: due.map((r) => r.rate ?? 0), tone: 'brand' }],
                    formatValue: percent,
                    valueMin: 0,
                    valueMax: 100,
                  }
                : null
            }
            empty={
              summary.data && due.length === 0
                ? rows.length === 0
                  ? t`No homework set in these dates.`
                  : t`None of this homework is due yet.`
                : undefined
            }
          />
          <Card.Root>
            <Card.Header>
              <Card.Title>
                <Trans>Submission rates</Trans>
              </Card.Title>
              <Card.Description>
                <Trans>Each class and subject: homework set, hand-ins made of those expected, late and missing</Trans>
              </Card.Description>
            </Card.Header>
            <Card.Body>
              {!summary.data ? (
                <TableSkeleton columns={6} />
              ) : rows.length === 0 ? (
                <NoHomework filtered={filtered} />
              ) : (
                <Table.Scroller
                  className={tabStyles.scroller}
                  tabIndex={0}
                  role="region"
                  aria-label={t`Submission rates by class and subject`}
                >
                  <Table.Root>
                    <Table.Caption>
                      <Trans>Rates count homework past its due time</Trans>
                    </Table.Caption>
                    <Table.Head>
                      <Table.Row>
                        <Table.Header scope="col">
                          <Trans>Class</Trans>
                        </Table.Header>
                        <Table.Header scope="col">
                          <Trans>Subject</Trans>
                        </Table.Header>
                        <Table.Header scope="col" data-numeric>
                          <Trans>Homework</Trans>
                        </Table.Header>
                        <Table.Header scope="col" data-numeric>
                          <Trans>Handed in</Trans>
                        </Table.Header>
                        <Table.Header scope="col" data-numeric>
                          <Trans>Late</Trans>
                        </Table.Header>
                        <Table.Header scope="col" data-numeric>
                          <Trans>Missing</Trans>
                        </Table.Header>
                        <Table.Header scope="col" data-numeric>
                          <Trans>Rate</Trans>
                        </Table.Header>
                      </Table.Row>
                    </Table.Head>
                    <Table.Body>
                      {rows.map((row) => (
                        <Table.Row key={`${row.class._id}:${row.subject._id}`}>
                          <Table.Cell className={tabStyles.nowrap}>{classLabel(row.class)}</Table.Cell>
                          <Table.Cell>{row.subject.name}</Table.Cell>
                          <Table.Cell data-numeric>{count(row.homework)}</Table.Cell>
                          <Table.Cell data-numeric className={tabStyles.nowrap}>
                            {t`${count(row.handedIn)} of ${count(row.expected)}`}
                          </Table.Cell>
                          <Table.Cell data-numeric>{count(row.late)}</Table.Cell>
                          <Table.Cell data-numeric>{count(row.missing)}</Table.Cell>
                          <Table.Cell data-numeric>{percent(row.rate)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.Scroller>
              )}
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Card.Title>
                <Trans>Students overdue</Trans>
              </Card.Title>
              <Card.Description>
                <Trans>Students with most homework past due and not handed in (the first 50)</Trans>
              </Card.Description>
            </Card.Header>
            <Card.Body>
              {!summary.data ? (
                <TableSkeleton columns={3} />
              ) : summary.data.overdue.length === 0 ? (
                <EmptyState
                  as="h3"
                  icon={PartyPopper}
                  title={t`Nobody is overdue`}
                  description={t`Every student has handed in the homework that is past its due time.`}
                />
              ) : (
                <Table.Scroller
                  className={tabStyles.scroller}
                  tabIndex={0}
                  role="region"
                  aria-label={t`Students overdue`}
                >
                  <Table.Root>
                    <Table.Head>
                      <Table.Row>
                        <Table.Header scope="col">
                          <Trans>Student</Trans>
                        </Table.Header>
                        <Table.Header scope="col">
                          <Trans>Class</Trans>
                        </Table.Header>
                        <Table.Header scope="col" data-numeric>
                          <Trans>Not handed in</Trans>
                        </Table.Header>
                      </Table.Row>
                    </Table.Head>
                    <Table.Body>
                      {summary.data.overdue.map((row) => (
                        <Table.Row key={row.student._id}>
                          <Table.Cell>
                            <span className={tabStyles.primary}>{row.student.name}</span>
                          </Table.Cell>
                          <Table.Cell className={tabStyles.nowrap}>{classLabel(row.class)}</Table.Cell>
                          <Table.Cell data-numeric>{count(row.missing)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.Scroller>
              )}
            </Card.Body>
          </Card.Root>
        </>
      )}
    </div>
  );
}
