import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Download, HandCoins, PartyPopper, ReceiptText, Search, Users, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import * as Field from '~/components/ui/field';
import { Money } from '~/components/ui/money';
import { PagedTable } from '~/components/ui/paged-table';
import { StatCard } from '~/components/ui/stat';
import * as Table from '~/components/ui/table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { useDebounced } from '~/components/ui/use-debounced';
import { captions } from '~/lib/figures';
import { i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { useViewedYear } from '~/lib/use-viewed-year';
import { storedSchoolId } from '~/lib/viewed-year';
import { type DueFilters, type DueStatus, duesQuery, exportDues } from '../api';
import { classLabel, formatCount, formatDate, formatMonth, isolate } from '../format';
import { FilterSelect, useCategoryOptions, useClassOptions, useCurrency } from './pickers';
import { tableStyles } from './table-styles';

const PAGE_SIZE = 50;

const STATUS: Record<DueStatus, { label: MessageDescriptor; tone: BadgeTone }> = {
  due: { label: msg`Due`, tone: 'info' },
  partial: { label: msg`Partial`, tone: 'warning' },
  overdue: { label: msg`Overdue`, tone: 'danger' },
};

const styles = {
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
  }),
  toolbar: css({
    display: 'grid',
    gridTemplateColumns: {
      base: 'repeat(2, minmax(0, 1fr))',
      xl: 'minmax(0, 1.4fr) repeat(3, minmax(0, 1fr)) auto',
    },
    gap: '3',
    alignItems: 'end',
  }),
  wide: css({ gridColumn: { base: 'span 2', xl: 'auto' } }),
  searchBox: css({ position: 'relative' }),
  tableOnWide: css({ display: { base: 'none', md: 'block' } }),
  cards: css({ display: { base: 'flex', md: 'none' }, flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  card: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1.5',
    py: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0', pt: '0' },
  }),
  cardTop: css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '3' }),
  cardName: css({ fontWeight: 'semibold' }),
  cardMeta: css({ fontSize: 'sm', color: 'fg.muted' }),
  cardBottom: css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', mt: '1' }),
  cardBalance: css({ fontWeight: 'semibold', fontSize: 'md' }),
  searchIcon: css({
    position: 'absolute',
    insetInlineStart: '3',
    top: '50%',
    transform: 'translateY(-50%)',
    color: 'fg.muted',
  }),
};

export function DuesTab({
  onTakePayment,
}: {
  onTakePayment: (prefill: { classId: string; studentId: string; structureId: string; instalment: number }) => void;
}) {
  const currency = useCurrency();
  const classOptions = useClassOptions();
  const categoryOptions = useCategoryOptions();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [filters, setFilters] = useState<Omit<DueFilters, 'search' | 'limit'>>({ page: 1 });
  const query = { ...filters, search: search || undefined, limit: PAGE_SIZE };
  const dues = useQuery(duesQuery(query));
  const [exporting, setExporting] = useState(false);
  const filtered = Boolean(filters.classId || filters.categoryId || filters.status || search);

  // A new search starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the search text resets the page.
  useEffect(() => setFilters((current) => ({ ...current, page: 1 })), [search]);

  const setFilter = (key: 'classId' | 'categoryId' | 'status', value: string | undefined) =>
    setFilters((current) => ({ ...current, [key]: value, page: 1 }));

  const handleExport = async () => {
    setExporting(true);
    try {
      const { page: _page, ...rest } = filters;
      await exportDues({ ...rest, search: search || undefined });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t`The export failed`);
    } finally {
      setExporting(false);
    }
  };

  const summary = dues.data?.summary;
  const viewed = useViewedYear(storedSchoolId());
  return (
    <div className={tableStyles.stack}>
      <div className={styles.stats}>
        <StatCard
          label={t`Billed`}
          icon={ReceiptText}
          tone="brand"
          loading={!dues.data}
          value={summary ? <Money amount={summary.billed} currency={currency} /> : null}
          helpText={summary ? (filtered ? t`For the filters below` : captions.billed(summary, viewed)) : null}
        />
        <StatCard
          label={t`Collected`}
          icon={HandCoins}
          tone="success"
          loading={!dues.data}
          value={summary ? <Money amount={summary.collected} currency={currency} /> : null}
          helpText={captions.collectedOfBilled}
        />
        <StatCard
          label={t`Outstanding`}
          icon={Wallet}
          tone="warning"
          loading={!dues.data}
          value={summary ? <Money amount={summary.outstanding} currency={currency} /> : null}
          helpText={summary ? captions.outstanding(summary) : null}
        />
        <StatCard
          label={t`Students owing`}
          icon={Users}
          tone="info"
          loading={!dues.data}
          value={summary ? formatCount(summary.studentsOwing) : null}
          helpText={captions.studentsOwing}
        />
      </div>
      <Card.Root>
        <Card.Body>
          <div className={styles.toolbar}>
            <Field.Root className={styles.wide}>
              <Field.Label>
                <Trans>Search</Trans>
              </Field.Label>
              <div className={styles.searchBox}>
                <Search size={16} aria-hidden="true" className={styles.searchIcon} />
                <Field.Input
                  type="search"
                  ps="9"
                  placeholder={t`Name, admission or roll number`}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                />
              </div>
            </Field.Root>
            <FilterSelect
              label={t`Class`}
              allLabel={t`All classes`}
              options={classOptions}
              value={filters.classId}
              onChange={(value) => setFilter('classId', value)}
            />
            <FilterSelect
              label={t`Fee`}
              allLabel={t`All fees`}
              options={categoryOptions}
              value={filters.categoryId}
              onChange={(value) => setFilter('categoryId', value)}
            />
            <FilterSelect
              label={t`Status`}
              allLabel={t`All statuses`}
              options={Object.entries(STATUS).map(([value, { label }]) => ({ value, label: i18n._(label) }))}
              value={filters.status}
              onChange={(value) => setFilter('status', value)}
            />
            <Button
              variant="outline"
              onClick={() => void handleExport()}
              loading={exporting}
              loadingText={t`Exporting...`}
            >
              <Download size={16} aria-hidden="true" />
              <Trans>Export CSV</Trans>
            </Button>
          </div>
          <PagedTable
            query={dues}
            skeleton={<TableSkeleton columns={7} />}
            errorTitle={t`Dues could not be loaded`}
            empty={
              <EmptyState
                as="h3"
                icon={PartyPopper}
                title={filtered ? t`No dues match these filters` : t`Nothing is owed`}
                description={
                  filtered
                    ? t`Try another class, fee or status.`
                    : t`Every active student has paid every fee of their class.`
                }
              />
            }
            label={t`Dues`}
            className={cx(tableStyles.scroller, styles.tableOnWide)}
            page={filters.page}
            pageSize={PAGE_SIZE}
            onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
            noun={t`dues`}
            before={(data) => (
              <ul className={styles.cards} aria-label={t`Dues`}>
                {data.rows.map((due) => (
                  <li key={`${due.studentId._id}:${due.structureId}:${due.instalment}`} className={styles.card}>
                    <div className={styles.cardTop}>
                      <span className={styles.cardName}>{due.studentId.name}</span>
                      <Badge tone={STATUS[due.status].tone}>{i18n._(STATUS[due.status].label)}</Badge>
                    </div>
                    <span className={styles.cardMeta}>
                      <Trans>
                        {classLabel(due.classId)} · {isolate(due.label)} · Due {formatDate(due.dueDate)}
                      </Trans>
                    </span>
                    <div className={styles.cardBottom}>
                      <span className={styles.cardBalance}>
                        <Trans>
                          <Money amount={due.balance} currency={currency} />
                          <span className={styles.cardMeta}> left</span>
                        </Trans>
                      </span>
                      <Button
                        variant="outline"
                        aria-label={t`Take payment of ${isolate(due.label)} from ${isolate(due.studentId.name)}`}
                        onClick={() =>
                          onTakePayment({
                            classId: due.classId._id,
                            studentId: due.studentId._id,
                            structureId: due.structureId,
                            instalment: due.instalment,
                          })
                        }
                      >
                        <Trans>Take payment</Trans>
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          >
            {(data) => (
              <>
                <Table.Caption>
                  <Trans>What each student still owes, earliest due date first</Trans>
                </Table.Caption>
                <Table.Head>
                  <Table.Row>
                    <Table.Header scope="col">
                      <Trans>Student</Trans>
                    </Table.Header>
                    <Table.Header scope="col">
                      <Trans>Class</Trans>
                    </Table.Header>
                    <Table.Header scope="col">
                      <Trans>Fee</Trans>
                    </Table.Header>
                    <Table.Header scope="col">
                      <Trans>Due date</Trans>
                    </Table.Header>
                    <Table.Header scope="col" data-numeric>
                      <Trans>Amount</Trans>
                    </Table.Header>
                    <Table.Header scope="col" data-numeric>
                      <Trans>Paid</Trans>
                    </Table.Header>
                    <Table.Header scope="col" data-numeric>
                      <Trans>Balance</Trans>
                    </Table.Header>
                    <Table.Header scope="col">
                      <Trans>Status</Trans>
                    </Table.Header>
                    <Table.Header scope="col">
                      <span className={css({ srOnly: true })}>
                        <Trans>Actions</Trans>
                      </span>
                    </Table.Header>
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {data.rows.map((due) => (
                    <Table.Row key={`${due.studentId._id}:${due.structureId}:${due.instalment}`}>
                      <Table.Cell>
                        <span className={tableStyles.primary}>{due.studentId.name}</span>
                        <span className={tableStyles.secondary}>
                          {[
                            due.studentId.admissionNumber,
                            due.studentId.rollNumber ? t`Roll ${due.studentId.rollNumber}` : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </Table.Cell>
                      <Table.Cell className={tableStyles.nowrap}>{classLabel(due.classId)}</Table.Cell>
                      <Table.Cell>
                        <span className={tableStyles.primary}>
                          {due.category}{' '}
                          {due.arrears ? (
                            <Badge tone="warning" size="sm">
                              {t`${due.academicYear} arrears`}
                            </Badge>
                          ) : null}
                        </span>
                        {due.instalments > 1 ? (
                          <span className={tableStyles.secondary}>
                            <Trans>
                              {formatMonth(due.dueDate)} · {due.instalment} of {due.instalments}
                            </Trans>
                          </span>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell className={tableStyles.nowrap}>
                        <time dateTime={due.dueDate}>{formatDate(due.dueDate)}</time>
                      </Table.Cell>
                      <Table.Cell data-numeric>
                        <Money amount={due.amount} currency={currency} />
                      </Table.Cell>
                      <Table.Cell data-numeric>
                        <Money amount={due.paid} currency={currency} />
                      </Table.Cell>
                      <Table.Cell data-numeric className={tableStyles.strong}>
                        <Money amount={due.balance} currency={currency} />
                      </Table.Cell>
                      <Table.Cell>
                        <Badge tone={STATUS[due.status].tone}>{i18n._(STATUS[due.status].label)}</Badge>
                      </Table.Cell>
                      <Table.Cell className={tableStyles.actions}>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={t`Take payment of ${isolate(due.label)} from ${isolate(due.studentId.name)}`}
                          onClick={() =>
                            onTakePayment({
                              classId: due.classId._id,
                              studentId: due.studentId._id,
                              structureId: due.structureId,
                              instalment: due.instalment,
                            })
                          }
                        >
                          <Trans>Take payment</Trans>
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </>
            )}
          </PagedTable>
        </Card.Body>
      </Card.Root>
    </div>
  );
}
