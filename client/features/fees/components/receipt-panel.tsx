import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Download, Plus, Printer, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { Money } from '~/components/ui/money';
import * as Table from '~/components/ui/table';
import { toast } from '~/lib/toast';
import { downloadReceipt, type Receipt, schoolBasicsQuery } from '../api';
import { classLabel, formatDate, isolate, methodName, payersLabel } from '../format';
import { useCurrency } from './pickers';
import { printReceipt } from './print-receipt';

const styles = {
  banner: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '5',
    py: '4',
    bg: 'success.subtle',
    color: 'success.fg',
    borderTopRadius: 'card',
    borderBottomWidth: '1px',
    borderColor: 'success.border',
    fontWeight: 'medium',
  }),
  top: css({
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    justifyContent: 'space-between',
    gap: '4',
  }),
  number: css({ fontSize: 'xl', fontWeight: 'semibold', letterSpacing: 'tight' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  nowrap: css({ whiteSpace: 'nowrap' }),
  details: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
    m: '0',
  }),
  term: css({
    fontSize: 'xs',
    color: 'fg.muted',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
    fontWeight: 'medium',
  }),
  value: css({ fontWeight: 'medium', m: '0' }),
  remarks: css({ fontSize: 'sm', m: '0' }),
  // Fee, paid and still owed fit a phone's width; the due date is on the PDF.
  wideOnly: css({ display: { base: 'none', sm: 'table-cell' } }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' }),
  footer: css({ justifyContent: 'space-between', flexWrap: 'wrap' }),
};

export interface ReceiptPanelProps {
  receipt: Receipt;
  onAnother: () => void;
  onShowReceipts: () => void;
}

export function ReceiptPanel({ receipt, onAnother, onShowReceipts }: ReceiptPanelProps) {
  const currency = useCurrency();
  const school = useQuery(schoolBasicsQuery());
  const [downloading, setDownloading] = useState(false);

  const handleDownload = async () => {
    setDownloading(true);
    try {
      await downloadReceipt(receipt);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t`The receipt could not be downloaded`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card.Root aria-labelledby="receipt-title">
      <div className={styles.banner} role="status">
        <CircleCheck size={20} aria-hidden="true" />
        <Trans>Payment recorded. The receipt is ready to download or print.</Trans>
      </div>
      <Card.Body>
        <div className={styles.top}>
          <div>
            <h2 id="receipt-title" className={styles.number}>
              <Trans>Receipt {receipt.receiptNumber}</Trans>
            </h2>
            <p className={styles.muted}>
              <Trans>
                Issued {formatDate(receipt.issuedOn)} ·{' '}
                <span className={styles.nowrap}>Academic year {isolate(receipt.academicYear)}</span>
              </Trans>
            </p>
          </div>
          <div className={styles.actions}>
            <Button variant="outline" onClick={() => printReceipt(receipt, school.data, currency)}>
              <Printer size={16} aria-hidden="true" />
              <Trans>Print</Trans>
            </Button>
            <Button onClick={() => void handleDownload()} loading={downloading} loadingText={t`Downloading...`}>
              <Download size={16} aria-hidden="true" />
              <Trans>Download receipt</Trans>
            </Button>
          </div>
        </div>
        <dl className={styles.details}>
          <div>
            <dt className={styles.term}>
              <Trans>Received from</Trans>
            </dt>
            <dd className={styles.value}>{payersLabel(receipt)}</dd>
          </div>
          <div>
            <dt className={styles.term}>
              <Trans>Student</Trans>
            </dt>
            <dd className={styles.value}>{receipt.studentId.name}</dd>
            <dd className={styles.muted}>
              {[receipt.studentId.admissionNumber, classLabel(receipt.studentId.classId)].filter(Boolean).join(' · ')}
            </dd>
          </div>
          <div>
            <dt className={styles.term}>
              <Trans>Method</Trans>
            </dt>
            <dd className={styles.value}>{receipt.method ? methodName(receipt.method) : '—'}</dd>
            {receipt.reference ? <dd className={styles.muted}>{receipt.reference}</dd> : null}
          </div>
          <div>
            <dt className={styles.term}>
              <Trans>Paid</Trans>
            </dt>
            <dd className={styles.value}>
              <Money amount={receipt.amount} currency={currency} />
            </dd>
            <dd className={styles.muted}>
              <Trans>
                <Money amount={receipt.balanceAfter} currency={currency} /> still owed on these fees
              </Trans>
            </dd>
          </div>
        </dl>
        <Table.Scroller tabIndex={0} role="region" aria-label={t`Fees paid`}>
          <Table.Root>
            <Table.Caption>
              <Trans>Fees paid under this receipt</Trans>
            </Table.Caption>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">
                  <Trans>Fee</Trans>
                </Table.Header>
                <Table.Header scope="col" className={styles.wideOnly}>
                  <Trans>Due date</Trans>
                </Table.Header>
                <Table.Header scope="col" data-numeric>
                  <Trans>Paid</Trans>
                </Table.Header>
                <Table.Header scope="col" data-numeric>
                  <Trans>Still owed</Trans>
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {receipt.items.map((item) => (
                <Table.Row key={item._id}>
                  <Table.Cell>{item.label}</Table.Cell>
                  <Table.Cell className={styles.wideOnly}>
                    <time dateTime={item.dueDate}>{formatDate(item.dueDate)}</time>
                  </Table.Cell>
                  <Table.Cell data-numeric>
                    <Money amount={item.amount} currency={currency} />
                  </Table.Cell>
                  <Table.Cell data-numeric>
                    <Money amount={item.balanceAfter} currency={currency} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
            <Table.Foot>
              <Table.Row>
                <Table.Cell>
                  <Trans>Total</Trans>
                </Table.Cell>
                <Table.Cell className={styles.wideOnly} />
                <Table.Cell data-numeric>
                  <Money amount={receipt.amount} currency={currency} />
                </Table.Cell>
                <Table.Cell data-numeric>
                  <Money amount={receipt.balanceAfter} currency={currency} />
                </Table.Cell>
              </Table.Row>
            </Table.Foot>
          </Table.Root>
        </Table.Scroller>
        {receipt.remarks ? (
          <p className={styles.remarks}>
            <span className={styles.term}>
              <Trans>Remarks</Trans>{' '}
            </span>
            {receipt.remarks}
          </p>
        ) : null}
      </Card.Body>
      <Card.Footer className={styles.footer}>
        <Button variant="ghost" onClick={onShowReceipts}>
          <ReceiptText size={16} aria-hidden="true" />
          <Trans>All receipts</Trans>
        </Button>
        <Button variant="outline" onClick={onAnother}>
          <Plus size={16} aria-hidden="true" />
          <Trans>Take another payment</Trans>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
