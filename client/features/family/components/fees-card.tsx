import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Download, Receipt, Wallet } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { formatMoney } from '~/components/ui/money';
import { i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { type ChildOverview, downloadReceipt } from '../api';
import { FEE_LABELS, FEE_TONES, fullDate } from '../format';
import { SectionCard } from './section-card';

const styles = {
  totals: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '2' }),
  total: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '0.5',
    p: '3',
    borderRadius: 'lg',
    borderWidth: '1px',
    minW: '0',
  }),
  due: css({ bg: 'danger.subtle', borderColor: 'danger.border', color: 'danger.fg' }),
  clear: css({ bg: 'success.subtle', borderColor: 'success.border', color: 'success.fg' }),
  paid: css({ bg: 'surface.subtle', borderColor: 'border', color: 'fg' }),
  totalLabel: css({ fontSize: 'xs', fontWeight: 'medium' }),
  totalValue: css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' }),
  heading: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg', mt: '1' }),
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '2.5',
    minH: 'touch',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
  }),
  text: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  name: css({ fontWeight: 'medium', color: 'fg', wordBreak: 'break-word' }),
  sub: css({ fontSize: 'sm', color: 'fg.muted' }),
  amounts: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1', flexShrink: '0' }),
  amount: css({ fontWeight: 'medium', color: 'fg', textAlign: 'end' }),
  none: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    color: 'fg.muted',
    fontSize: 'sm',
    '& svg': { flexShrink: '0' },
  }),
};

type ReceiptItem = ChildOverview['fees']['receipts'][number];

function ReceiptRow({ receipt, currency }: { receipt: ReceiptItem; currency: string }) {
  const [busy, setBusy] = useState(false);
  const number = receipt.receiptNumber;
  const handleDownload = async () => {
    setBusy(true);
    try {
      await downloadReceipt(receipt);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t`Failed to download the receipt`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={styles.item}>
      <div className={styles.text}>
        <span className={styles.name}>{receipt.receiptNumber}</span>
        <span className={styles.sub}>
          <span data-numeric="">{formatMoney(receipt.amount, currency)}</span> · {fullDate(receipt.issuedOn)}
        </span>
      </div>
      <Button
        variant="outline"
        onClick={() => void handleDownload()}
        loading={busy}
        loadingText={t`Downloading...`}
        aria-label={t`Download receipt ${number}`}
      >
        <Download size={16} aria-hidden="true" />
        <Trans>Download</Trans>
      </Button>
    </li>
  );
}

/** What is due and what has been paid, in the school's currency, with the receipts to download. */
export function FeesCard({ overview, className }: { overview: ChildOverview; className?: string }) {
  const { fees, currency } = overview;
  const owing = fees.totalDue > 0;
  return (
    <SectionCard
      className={className}
      title={t`Fees`}
      icon={Wallet}
      description={t`What is owed, instalment by instalment, from the admission date, and your receipts`}
    >
      {fees.items.length === 0 ? (
        <p className={styles.none}>
          <Trans>No fees have been set for this class.</Trans>
        </p>
      ) : (
        <>
          <div className={styles.totals}>
            <div className={cx(styles.total, owing ? styles.due : styles.clear)}>
              <span className={styles.totalLabel}>{owing ? t`Still due` : t`Nothing due`}</span>
              <span className={styles.totalValue} data-numeric="">
                {formatMoney(fees.totalDue, currency)}
              </span>
            </div>
            <div className={cx(styles.total, styles.paid)}>
              <span className={styles.totalLabel}>
                <Trans>Paid</Trans>
              </span>
              <span className={styles.totalValue} data-numeric="">
                {formatMoney(fees.totalPaid, currency)}
              </span>
            </div>
          </div>

          <ul className={styles.list} aria-label={t`Fees`}>
            {fees.items.map((item) => {
              const dueOn = fullDate(item.dueDate);
              const paid = formatMoney(item.paid, currency);
              return (
                <li key={`${item.structureId}:${item.instalment}`} className={styles.item}>
                  <div className={styles.text}>
                    <span className={styles.name}>{item.label}</span>
                    <span className={styles.sub}>
                      {item.status === 'partial' || (item.status === 'overdue' && item.paid > 0)
                        ? t`Due ${dueOn} · ${paid} paid`
                        : t`Due ${dueOn}`}
                    </span>
                  </div>
                  <div className={styles.amounts}>
                    <span className={styles.amount} data-numeric="">
                      {formatMoney(item.status === 'paid' ? item.amount : item.balance, currency)}
                    </span>
                    <Badge tone={FEE_TONES[item.status]} size="sm">
                      {i18n._(FEE_LABELS[item.status])}
                    </Badge>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}

      <h3 className={styles.heading}>
        <Trans>Receipts</Trans>
      </h3>
      {fees.receipts.length === 0 ? (
        <p className={styles.none}>
          <Receipt size={16} aria-hidden="true" />
          <Trans>No payments yet. Receipts appear here once a payment is recorded.</Trans>
        </p>
      ) : (
        <ul className={styles.list} aria-label={t`Receipts`}>
          {fees.receipts.map((receipt) => (
            <ReceiptRow key={receipt._id} receipt={receipt} currency={currency} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
