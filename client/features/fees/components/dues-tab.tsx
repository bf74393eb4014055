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
import { toast } from '~/lib/toast';
import { instalmentMonth } from '../../../../worker/lib/instalments';
import { type DueFilters, type DueStatus, duesQuery, exportDues } from '../api';
import { classLabel, formatDate } from '../format';
import { FilterSelect, useCategoryOptions, useClassOptions, useCurrency } from './pickers';
import { tableStyles } from './table-styles';

const PAGE_SIZE = 50;

const STATUS: Record<DueStatus, { label: string; tone: BadgeTone }> = {
  due: { label: 'Due', tone: 'info' },
  partial: { label: 'Partial', tone: 'warning' },
  overdue: { label: 'Overdue', tone: 'danger' },
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
      toast.error(error instanceof Error ? error.message : 'The export failed');
    } finally {
      setExporting(false);
    }
  };

  const summary = dues.data?.summary;
  return (
    <div className={tableStyles.stack}>
      <div className={styles.stats}>
        <StatCard
          label="Billed"
          icon={ReceiptText}
          tone="brand"
          loading={!dues.data}
          value={summary ? <Money amount={summary.billed} currency={currency} /> : null}
          helpText={summary ? (filtered ? 'For the filters below' : captions.billed(summary)) : null}
        />
        <StatCard
          label="Collected"
          icon={HandCoins}
          tone="success"
          loading={!dues.data}
          value={summary ? <Money amount={summary.collected} currency={currency} /> : null}
          helpText={captions.collectedOfBilled}
        />
        <StatCard
          label="Outstanding"
          icon={Wallet}
          tone="warning"
          loading={!dues.data}
          value={summary ? <Money amount={summary.outstanding} currency={currency} /> : null}
          helpText={summary ? captions.outstanding(summary) : null}
        />
        <StatCard
          label="Students owing"
          icon={Users}
          tone="info"
          loading={!dues.data}
          value={summary ? summary.studentsOwing.toLocaleString() : null}
          helpText={captions.studentsOwing}
        />
      </div>
      <Card.Root>
        <Card.Body>
          <div className={styles.toolbar}>
            <Field.Root className={styles.wide}>
              <Field.Label>Search</Field.Label>
              <div className={styles.searchBox}>
                <Search size={16} aria-hidden="true" className={styles.searchIcon} />
                <Field.Input
                  type="search"
                  ps="9"
                  placeholder="Name, admission or roll number"
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                />
              </div>
            </Field.Root>
            <FilterSelect
              label="Class"
              allLabel="All classes"
              options={classOptions}
              value={filters.classId}
              onChange={(value) => setFilter('classId', value)}
            />
            <FilterSelect
              label="Fee"
              allLabel="All fees"
              options={categoryOptions}
              value={filters.categoryId}
              onChange={(value) => setFilter('categoryId', value)}
            />
            <FilterSelect
              label="Status"
              allLabel="All statuses"
              options={Object.entries(STATUS).map(([value, { label }]) => ({ value, label }))}
              value={filters.status}
              onChange={(value) => setFilter('status', value)}
            />
            <Button
              variant="outline"
              onClick={() => void handleExport()}
              loading={exporting}
              loadingText="Exporting..."
            >
              <Download size={16} aria-hidden="true" />
              Export CSV
            </Button>
          </div>
          <PagedTable
            query={dues}
            skeleton={<TableSkeleton columns={7} />}
            errorTitle="Dues could not be loaded"
            empty={
              <EmptyState
                as="h3"
                icon={PartyPopper}
                title={filtered ? 'No dues match these filters' : 'Nothing is owed'}
                description={
                  filtered
                    ? 'Try another class, fee or status.'
                    : 'Every active student has paid every fee of their class.'
                }
              />
            }
            label="Dues"
            className={cx(tableStyles.scroller, styles.tableOnWide)}
            page={filters.page}
            pageSize={PAGE_SIZE}
            onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
            noun="dues"
            before={(data) => (
              <ul className={styles.cards} aria-label="Dues">
                {data.rows.map((due) => (
                  <li key={`${due.studentId._id}:${due.structureId}:${due.instalment}`} className={styles.card}>
                    <div className={styles.cardTop}>
                      <span className={styles.cardName}>{due.studentId.name}</span>
                      <Badge tone={STATUS[due.status].tone}>{STATUS[due.status].label}</Badge>
                    </div>
                    <span className={styles.cardMeta}>
                      {classLabel(due.classId)} · {due.label} · Due {formatDate(due.dueDate)}
                    </span>
                    <div className={styles.cardBottom}>
                      <span className={styles.cardBalance}>
                        <Money amount={due.balance} currency={currency} />
                        <span className={styles.cardMeta}> left</span>
                      </span>
                      <Button
                        variant="outline"
                        aria-label={`Take payment of ${due.label} from ${due.studentId.name}`}
                        onClick={() =>
                          onTakePayment({
                            classId: due.classId._id,
                            studentId: due.studentId._id,
                            structureId: due.structureId,
                            instalment: due.instalment,
                          })
                        }
                      >
                        Take payment
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          >
            {(data) => (
              <>
                <Table.Caption>What each student still owes, earliest due date first</Table.Caption>
                <Table.Head>
                  <Table.Row>
                    <Table.Header scope="col">Student</Table.Header>
                    <Table.Header scope="col">Class</Table.Header>
                    <Table.Header scope="col">Fee</Table.Header>
                    <Table.Header scope="col">Due date</Table.Header>
                    <Table.Header scope="col" data-numeric>
                      Amount
                    </Table.Header>
                    <Table.Header scope="col" data-numeric>
                      Paid
                    </Table.Header>
                    <Table.Header scope="col" data-numeric>
                      Balance
                    </Table.Header>
                    <Table.Header scope="col">Status</Table.Header>
                    <Table.Header scope="col">
                      <span className={css({ srOnly: true })}>Actions</span>
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
                            due.studentId.rollNumber ? `Roll ${due.studentId.rollNumber}` : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </Table.Cell>
                      <Table.Cell className={tableStyles.nowrap}>{classLabel(due.classId)}</Table.Cell>
                      <Table.Cell>
                        <span className={tableStyles.primary}>{due.category}</span>
                        {due.instalments > 1 ? (
                          <span className={tableStyles.secondary}>
                            {instalmentMonth(due.dueDate)} · {due.instalment} of {due.instalments}
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
                        <Badge tone={STATUS[due.status].tone}>{STATUS[due.status].label}</Badge>
                      </Table.Cell>
                      <Table.Cell className={tableStyles.actions}>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Take payment of ${due.label} from ${due.studentId.name}`}
                          onClick={() =>
                            onTakePayment({
                              classId: due.classId._id,
                              studentId: due.studentId._id,
                              structureId: due.structureId,
                              instalment: due.instalment,
                            })
                          }
                        >
                          Take payment
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
