import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
import { downloadReceipt, type Receipt, type ReceiptFilters, receiptsQuery } from '../api';
import { classLabel, formatDate, methodName } from '../format';
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
      toast.error(error instanceof Error ? error.message : t`The receipt could not be downloaded`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={t`Download receipt ${receipt.receiptNumber}`}
      loading={busy}
      onClick={() => void handle()}
    >
      <Download size={14} aria-hidden="true" />
      <Trans>Download</Trans>
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
            label={t`From`}
            value={filters.from ?? ''}
            onValueChange={(from) => setFilters((current) => ({ ...current, from: from || undefined, page: 1 }))}
          />
          <DateField
            label={t`To`}
            value={filters.to ?? ''}
            onValueChange={(to) => setFilters((current) => ({ ...current, to: to || undefined, page: 1 }))}
          />
          {filtered ? (
            <Button variant="ghost" onClick={() => setFilters({ page: 1, limit: PAGE_SIZE })}>
              <Trans>Clear dates</Trans>
            </Button>
          ) : null}
        </div>
        <PagedTable
          query={receipts}
          skeleton={<TableSkeleton columns={6} />}
          errorTitle={t`Receipts could not be loaded`}
          empty={
            <EmptyState
              as="h3"
              icon={ReceiptText}
              title={filtered ? t`No receipts in these dates` : t`No receipts yet`}
              description={filtered ? t`Try a wider range of dates.` : t`Each payment taken issues a numbered receipt.`}
            />
          }
          label={t`Receipts`}
          className={tableStyles.scroller}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
          noun={t`receipts`}
        >
          {(data) => (
            <>
              <Table.Caption>
                <Trans>Receipts, newest first</Trans>
              </Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">
                    <Trans>Receipt</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Issued</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Student</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Fees</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Method</Trans>
                  </Table.Header>
                  <Table.Header scope="col" data-numeric>
                    <Trans>Amount</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <span className={css({ srOnly: true })}>
                      <Trans>Download</Trans>
                    </span>
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
                      {receipt.method ? methodName(receipt.method) : '—'}
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
