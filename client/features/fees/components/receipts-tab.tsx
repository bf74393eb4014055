import { useQuery } from '@tanstack/react-query';
import { Download, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { DateField } from '~/components/ui/date-picker';
import { EmptyState } from '~/components/ui/empty-state';
import { Money } from '~/components/ui/money';
import { PagedTable } from '~/components/ui/paged-table';
import * as Table from '~/components/ui/table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { toast } from '~/lib/toast';
import { downloadReceipt, METHOD_LABEL, type Receipt, type ReceiptFilters, receiptsQuery } from '../api';
import { classLabel, formatDate } from '../format';
import { useCurrency } from './pickers';
import { tableStyles } from './table-styles';

const PAGE_SIZE = 50;

const styles = {
  toolbar: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 14rem)) auto' },
    gap: '3',
    alignItems: 'end',
    justifyContent: 'start',
  }),
};

function DownloadButton({ receipt }: { receipt: Receipt }) {
  const [busy, setBusy] = useState(false);
  const handle = async () => {
    setBusy(true);
    try {
      await downloadReceipt(receipt);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The receipt could not be downloaded');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Download receipt ${receipt.receiptNumber}`}
      loading={busy}
      onClick={() => void handle()}
    >
      <Download size={14} aria-hidden="true" />
      Download
    </Button>
  );
}

export function ReceiptsTab() {
  const currency = useCurrency();
  const [filters, setFilters] = useState<ReceiptFilters>({ page: 1, limit: PAGE_SIZE });
  const receipts = useQuery(receiptsQuery(filters));
  const filtered = Boolean(filters.from || filters.to);

  return (
    <Card.Root>
      <Card.Body>
        <div className={styles.toolbar}>
          <DateField
            label="From"
            value={filters.from ?? ''}
            onValueChange={(from) => setFilters((current) => ({ ...current, from: from || undefined, page: 1 }))}
          />
          <DateField
            label="To"
            value={filters.to ?? ''}
            onValueChange={(to) => setFilters((current) => ({ ...current, to: to || undefined, page: 1 }))}
          />
          {filtered ? (
            <Button variant="ghost" onClick={() => setFilters({ page: 1, limit: PAGE_SIZE })}>
              Clear dates
            </Button>
          ) : null}
        </div>
        <PagedTable
          query={receipts}
          skeleton={<TableSkeleton columns={6} />}
          errorTitle="Receipts could not be loaded"
          empty={
            <EmptyState
              as="h3"
              icon={ReceiptText}
              title={filtered ? 'No receipts in these dates' : 'No receipts yet'}
              description={filtered ? 'Try a wider range of dates.' : 'Each payment taken issues a numbered receipt.'}
            />
          }
          label="Receipts"
          className={tableStyles.scroller}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
          noun="receipts"
        >
          {(data) => (
            <>
              <Table.Caption>Receipts, newest first</Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">Receipt</Table.Header>
                  <Table.Header scope="col">Issued</Table.Header>
                  <Table.Header scope="col">Student</Table.Header>
                  <Table.Header scope="col">Fees</Table.Header>
                  <Table.Header scope="col">Method</Table.Header>
                  <Table.Header scope="col" data-numeric>
                    Amount
                  </Table.Header>
                  <Table.Header scope="col">
                    <span className={css({ srOnly: true })}>Download</span>
                  </Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {data.rows.map((receipt) => (
                  <Table.Row key={receipt._id}>
                    <Table.Cell className={tableStyles.nowrap}>
                      <span className={tableStyles.strong}>{receipt.receiptNumber}</span>
                    </Table.Cell>
                    <Table.Cell className={tableStyles.nowrap}>
                      <time dateTime={receipt.issuedOn}>{formatDate(receipt.issuedOn)}</time>
                    </Table.Cell>
                    <Table.Cell>
                      <span className={tableStyles.primary}>{receipt.studentId.name}</span>
                      <span className={tableStyles.secondary}>{classLabel(receipt.studentId.classId)}</span>
                    </Table.Cell>
                    <Table.Cell>{receipt.items.map((item) => item.label).join(', ')}</Table.Cell>
                    <Table.Cell className={tableStyles.nowrap}>
                      {receipt.method ? METHOD_LABEL[receipt.method] : '—'}
                    </Table.Cell>
                    <Table.Cell data-numeric className={tableStyles.strong}>
                      <Money amount={receipt.amount} currency={currency} />
                    </Table.Cell>
                    <Table.Cell className={tableStyles.actions}>
                      <DownloadButton receipt={receipt} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </>
          )}
        </PagedTable>
      </Card.Body>
    </Card.Root>
  );
}
