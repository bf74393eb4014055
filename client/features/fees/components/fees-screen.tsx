import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { HandCoins, Layers, Receipt as ReceiptIcon, Wallet } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { lazyPart, usePreloadWhenIdle } from '~/components/ui/lazy-part';
import { PageHeader } from '~/components/ui/page-header';
import * as Tabs from '~/components/ui/tabs';
import type { FeesSearch, FeesTab } from '../search';
import { DuesTab } from './dues-tab';

// Other tabs, dialogs and forms opened on a click: their code loads once the screen has drawn.
const StructuresTab = lazyPart(
  () => import('./structures-tab').then((m) => m.StructuresTab),
  () => true,
);
const ReceiptsTab = lazyPart(
  () => import('./receipts-tab').then((m) => m.ReceiptsTab),
  () => true,
);
const PaymentTab = lazyPart(
  () => import('./payment-tab').then((m) => m.PaymentTab),
  () => true,
);

export interface FeesScreenProps {
  search: FeesSearch;
  onSearchChange: (search: FeesSearch) => void;
}

export function FeesScreen({ search, onSearchChange }: FeesScreenProps) {
  const tab = search.tab ?? 'dues';
  usePreloadWhenIdle(StructuresTab, PaymentTab, ReceiptsTab);
  const takePayment = (
    prefill: { classId?: string; studentId?: string; structureId?: string; instalment?: number } = {},
  ) => onSearchChange({ tab: 'payments', ...prefill });

  return (
    <>
      <PageHeader
        title={t`Fees`}
        description={t`Fee structures for each class, payments with numbered receipts, and what each student still owes.`}
        actions={
          tab === 'payments' ? null : (
            <Button onClick={() => takePayment()}>
              <HandCoins size={16} aria-hidden="true" />
              <Trans>Take payment</Trans>
            </Button>
          )
        }
      />
      <Tabs.Root value={tab} onValueChange={(details) => onSearchChange({ tab: details.value as FeesTab })} lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="dues">
            <Wallet size={16} aria-hidden="true" />
            <Trans>Dues</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="structures">
            <Layers size={16} aria-hidden="true" />
            <Trans>Structures</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="payments">
            <HandCoins size={16} aria-hidden="true" />
            <Trans>Payments</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="receipts">
            <ReceiptIcon size={16} aria-hidden="true" />
            <Trans>Receipts</Trans>
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="dues">
          <DuesTab onTakePayment={takePayment} />
        </Tabs.Content>
        <Tabs.Content value="structures">
          <StructuresTab />
        </Tabs.Content>
        <Tabs.Content value="payments">
          <PaymentTab
            key={`${search.classId ?? ''}:${search.studentId ?? ''}:${search.structureId ?? ''}:${search.instalment ?? ''}`}
            initialClassId={search.classId}
            initialStudentId={search.studentId}
            initialStructureId={search.structureId}
            initialInstalment={search.instalment}
            onShowReceipts={() => onSearchChange({ tab: 'receipts' })}
          />
        </Tabs.Content>
        <Tabs.Content value="receipts">
          <ReceiptsTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
