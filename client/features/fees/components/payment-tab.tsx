import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { HandCoins, PartyPopper, UserSearch } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import { DateField } from '~/components/ui/date-picker';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import * as Field from '~/components/ui/field';
import { Input } from '~/components/ui/input';
import { lazyPart } from '~/components/ui/lazy-part';
import { Money } from '~/components/ui/money';
import { SimpleSelect } from '~/components/ui/select';
import * as Table from '~/components/ui/table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { portalToday } from '~/lib/school-time';
import { toast } from '~/lib/toast';
import {
  PAYMENT_METHODS,
  type PaymentMethod,
  type Receipt,
  type StudentFees,
  studentFeesQuery,
  useRecordPayment,
} from '../api';
import { amountError, formatDate, formatMoney, isolate, methodName, parseAmount } from '../format';
import { feesChanged } from '../refusals';
import { useClassOptions, useCurrency, useStudentOptions } from './pickers';
import { tableStyles } from './table-styles';

// Shown after a payment: its code loads once the screen has drawn.
const ReceiptPanel = lazyPart(
  () => import('./receipt-panel').then((m) => m.ReceiptPanel),
  () => true,
);

const styles = {
  section: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    py: '6',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0', pt: '0' },
    _last: { pb: '0' },
  }),
  sectionTitle: css({ fontSize: 'md', fontWeight: 'semibold' }),
  sectionText: css({ fontSize: 'sm', color: 'fg.muted', mt: '-3' }),
  pair: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '4' }),
  quad: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
  }),
  payer: css({ gridColumn: { md: 'span 2' } }),
  remarks: css({ gridColumn: { xl: 'span 3' } }),
  amountInput: css({ w: '36', textAlign: 'end', ms: 'auto' }),
  wideOnly: css({ display: { base: 'none', md: 'block' } }),
  phoneList: css({
    display: { base: 'flex', md: 'none' },
    flexDirection: 'column',
    gap: '3',
    listStyle: 'none',
    p: '0',
  }),
  phoneItem: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
  }),
  phoneMeta: css({ fontSize: 'sm', color: 'fg.muted', ps: '7' }),
  amountError: css({
    display: 'block',
    fontSize: 'xs',
    color: 'danger.fg',
    mt: '1',
    textAlign: 'end',
    whiteSpace: 'normal',
  }),
  footer: css({ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: '3' }),
  total: css({ display: 'flex', flexDirection: 'column' }),
  totalLabel: css({ fontSize: 'sm', color: 'fg.muted' }),
  totalValue: css({ fontSize: 'xl', fontWeight: 'semibold' }),
  submit: css({ w: { base: 'full', sm: 'auto' } }),
};

interface Line {
  checked: boolean;
  amount: string;
}

/** One instalment the student owes and has not paid in full: a line of the form. */
interface Payable {
  key: string;
  structureId: string;
  instalment: number;
  label: string;
  dueDate: string;
  balance: number;
  balanceMinor: number;
}

const keyOf = (structureId: string, instalment: number) => `${structureId}#${instalment}`;

function payablesOf(data: StudentFees | undefined): Payable[] | undefined {
  return data?.fees
    .flatMap((fee) =>
      fee.instalments
        .filter((i) => i.owed && i.balanceMinor > 0)
        .map((i) => ({
          key: keyOf(fee.structureId, i.instalment),
          structureId: fee.structureId,
          instalment: i.instalment,
          label: i.label,
          dueDate: i.dueDate,
          balance: i.balance,
          balanceMinor: i.balanceMinor,
        })),
    )
    .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.label.localeCompare(b.label)));
}

/** Paid today in the school's zone, as the API counts it. */
const localToday = portalToday;

export interface PaymentTabProps {
  initialClassId?: string;
  initialStudentId?: string;
  initialStructureId?: string;
  initialInstalment?: number;
  onShowReceipts: () => void;
}

export function PaymentTab(props: PaymentTabProps) {
  const { initialClassId, initialStudentId, initialStructureId, initialInstalment, onShowReceipts } = props;
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (receipt) {
    return (
      <ReceiptPanel
        receipt={receipt}
        onAnother={() => {
          setReceipt(null);
          setFormKey((key) => key + 1);
        }}
        onShowReceipts={onShowReceipts}
      />
    );
  }
  return (
    <PaymentForm
      key={formKey}
      initialClassId={formKey === 0 ? initialClassId : undefined}
      initialStudentId={formKey === 0 ? initialStudentId : undefined}
      initialStructureId={formKey === 0 ? initialStructureId : undefined}
      initialInstalment={formKey === 0 ? initialInstalment : undefined}
      onRecorded={setReceipt}
    />
  );
}

interface PaymentFormProps {
  initialClassId?: string;
  initialStudentId?: string;
  initialStructureId?: string;
  initialInstalment?: number;
  onRecorded: (receipt: Receipt) => void;
}

function PaymentForm(props: PaymentFormProps) {
  const { initialClassId, initialStudentId, initialStructureId, initialInstalment, onRecorded } = props;
  const currency = useCurrency();
  const record = useRecordPayment();
  const classOptions = useClassOptions();
  const [classId, setClassId] = useState(initialClassId ?? '');
  const [studentId, setStudentId] = useState(initialStudentId ?? '');
  const students = useStudentOptions(classId || undefined);
  const fees = useQuery({ ...studentFeesQuery(studentId), enabled: Boolean(studentId) });
  const dues = { ...fees, data: payablesOf(fees.data) };
  const [lines, setLines] = useState<Record<string, Line>>({});
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [paidOn, setPaidOn] = useState(localToday);
  const [reference, setReference] = useState('');
  const [remarks, setRemarks] = useState('');
  const [payer, setPayer] = useState('');
  const [payerEdited, setPayerEdited] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  // Only the fee whose row was chosen starts ticked (none when the office picks the student here): a payment
  // takes what the family is paying, never every fee by default. Each carries its whole balance to lower.
  const chosenKey =
    studentId === initialStudentId && initialStructureId
      ? keyOf(initialStructureId, initialInstalment ?? 1)
      : undefined;
  useEffect(() => {
    const payables = payablesOf(fees.data);
    if (!payables) return;
    setLines(
      Object.fromEntries(
        payables.map((due) => [
          due.key,
          { checked: due.key === chosenKey, amount: (due.balanceMinor / 100).toFixed(2) },
        ]),
      ),
    );
    setLineErrors({});
  }, [fees.data, chosenKey]);
  // The payer starts as a parent's name, father first; the office may write whoever paid.
  useEffect(() => {
    if (!payerEdited) setPayer(fees.data?.student.parents[0]?.name ?? '');
  }, [fees.data, payerEdited]);

  const chosen = (dues.data ?? []).filter((due) => lines[due.key]?.checked);
  const totalMinor = chosen.reduce((sum, due) => sum + (parseAmount(lines[due.key]?.amount ?? '') ?? 0), 0);
  const total = formatMoney(totalMinor / 100, currency);

  const setLine = (key: string, patch: Partial<Line>) => {
    setLines((current) => ({ ...current, [key]: { ...current[key], ...patch } }));
    setLineErrors((current) => ({ ...current, [key]: '' }));
    setFormError(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!studentId) {
      setFormError(t`Choose a student first`);
      return;
    }
    if (chosen.length === 0) {
      setFormError(t`At least one fee is required`);
      return;
    }
    const found: Record<string, string> = {};
    for (const due of chosen) {
      const message = amountError(lines[due.key]?.amount ?? '', {
        minor: due.balanceMinor,
        currency,
      });
      if (message) found[due.key] = message;
    }
    if (Object.keys(found).length > 0) {
      setLineErrors(found);
      return;
    }
    record.mutate(
      {
        studentId,
        method,
        paidOn: paidOn || undefined,
        payer: payer.trim() || undefined,
        reference: reference.trim() || undefined,
        remarks: remarks.trim() || undefined,
        items: chosen.map((due) => ({
          structureId: due.structureId,
          instalment: due.instalment,
          amount: (parseAmount(lines[due.key].amount) ?? 0) / 100,
        })),
      },
      {
        onSuccess: (receipt) => {
          toast.success(t`Payment recorded successfully`, { description: t`Receipt ${receipt.receiptNumber}` });
          onRecorded(receipt);
        },
        onError: (error) => {
          toast.error(error.message);
          // Paid, unassigned or moved meanwhile: show what the student owes now.
          if (feesChanged(error)) void fees.refetch();
        },
      },
    );
  };

  return (
    <Card.Root>
      <form onSubmit={handleSubmit} noValidate aria-label={t`Take a payment`}>
        <Card.Body>
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>
              <Trans>Student</Trans>
            </h2>
            <div className={styles.pair}>
              <SimpleSelect
                label={t`Class`}
                options={classOptions}
                value={classId}
                placeholder={t`Choose a class`}
                onValueChange={(value) => {
                  setClassId(value);
                  setStudentId('');
                  setFormError(null);
                }}
              />
              <SimpleSelect
                label={t`Student`}
                options={students.options}
                value={studentId}
                disabled={!classId || students.loading}
                placeholder={
                  !classId ? t`Choose a class first` : students.loading ? t`Loading students...` : t`Choose a student`
                }
                onValueChange={(value) => {
                  setStudentId(value);
                  setPayerEdited(false);
                  setFormError(null);
                }}
              />
            </div>
          </section>
          <section className={styles.section} aria-labelledby="payment-fees-title">
            <h2 id="payment-fees-title" className={styles.sectionTitle}>
              <Trans>Fees due</Trans>
            </h2>
            <p className={styles.sectionText}>
              <Trans>
                Tick the fees being paid. Each is prefilled with its balance; lower an amount to take part of it.
              </Trans>
            </p>
            <DuesChooser
              studentId={studentId}
              dues={dues.data}
              loading={dues.isPending && Boolean(studentId)}
              error={dues.isError ? dues.error.message : null}
              onRetry={() => void fees.refetch()}
              lines={lines}
              lineErrors={lineErrors}
              currency={currency}
              onLineChange={setLine}
            />
          </section>
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>
              <Trans>Payment</Trans>
            </h2>
            <div className={styles.quad}>
              <SimpleSelect
                label={t`Method`}
                options={PAYMENT_METHODS.map((value) => ({ value, label: methodName(value) }))}
                value={method}
                onValueChange={(value) => setMethod((value || 'cash') as PaymentMethod)}
              />
              <DateField label={t`Paid on`} value={paidOn} onValueChange={setPaidOn} />
              <Field.Root className={styles.payer}>
                <Field.Label>
                  <Trans>Received from</Trans>
                </Field.Label>
                <Field.Input
                  value={payer}
                  maxLength={120}
                  autoComplete="off"
                  placeholder={t`Who paid`}
                  onChange={(event) => {
                    setPayer(event.target.value);
                    setPayerEdited(true);
                  }}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>
                  <Trans>Reference</Trans>
                </Field.Label>
                <Field.Input
                  value={reference}
                  maxLength={80}
                  placeholder={t`Cheque or transaction no.`}
                  onChange={(event) => setReference(event.target.value)}
                />
              </Field.Root>
              <Field.Root className={styles.remarks}>
                <Field.Label>
                  <Trans>Remarks</Trans>
                </Field.Label>
                <Field.Input value={remarks} maxLength={300} onChange={(event) => setRemarks(event.target.value)} />
              </Field.Root>
            </div>
          </section>
        </Card.Body>
        <Card.Footer className={styles.footer}>
          <div className={styles.total} aria-live="polite">
            <span className={styles.totalLabel}>
              {plural(chosen.length, { one: '# fee chosen', other: '# fees chosen' })}
            </span>
            <span className={styles.totalValue} data-numeric>
              {t`Total ${total}`}
            </span>
            {formError ? <span className={styles.amountError}>{formError}</span> : null}
          </div>
          <Button
            type="submit"
            size="lg"
            className={styles.submit}
            loading={record.isPending}
            loadingText={t`Recording payment...`}
            disabled={!studentId || chosen.length === 0}
          >
            <HandCoins size={18} aria-hidden="true" />
            {chosen.length > 0 ? t`Record payment of ${total}` : t`Record payment`}
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}

interface DuesChooserProps {
  studentId: string;
  dues: Payable[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  lines: Record<string, Line>;
  lineErrors: Record<string, string>;
  currency: string;
  onLineChange: (key: string, patch: Partial<Line>) => void;
}

function DuesChooser(props: DuesChooserProps) {
  const { studentId, dues, loading, error, onRetry, lines, lineErrors, currency, onLineChange } = props;
  if (!studentId) {
    return (
      <EmptyState
        as="h3"
        icon={UserSearch}
        title={t`Choose a student`}
        description={t`Their unpaid fees appear here, ready to be paid.`}
      />
    );
  }
  if (loading) return <TableSkeleton columns={4} rows={3} />;
  if (error)
    return <ErrorState title={t`The student's dues could not be loaded`} description={error} onRetry={onRetry} />;
  if (!dues || dues.length === 0) {
    return (
      <EmptyState
        as="h3"
        icon={PartyPopper}
        title={t`Nothing is owed`}
        description={t`This student has paid every fee.`}
      />
    );
  }
  const amountField = (due: Payable, line: Line, place: 'list' | 'table', className?: string) => {
    const message = lineErrors[due.key];
    const errorId = `amount-error-${place}-${due.key.replace('#', '-')}`;
    return (
      <>
        <Input
          className={className}
          inputMode="decimal"
          autoComplete="off"
          aria-label={t`Amount for ${isolate(due.label)}`}
          aria-invalid={Boolean(message) || undefined}
          aria-describedby={message ? errorId : undefined}
          disabled={!line.checked}
          value={line.amount}
          onChange={(event) => onLineChange(due.key, { amount: event.target.value })}
        />
        {message ? (
          <span id={errorId} className={styles.amountError}>
            {message}
          </span>
        ) : null}
      </>
    );
  };
  const lineOf = (due: Payable) => lines[due.key] ?? { checked: false, amount: '' };
  const toggle = (due: Payable, line: Line) => (
    <Checkbox
      checked={line.checked}
      onCheckedChange={(details) => onLineChange(due.key, { checked: details.checked === true })}
    >
      {due.label}
    </Checkbox>
  );
  return (
    <>
      {/* Phones: one block per fee, the amount field full width under it. */}
      <ul className={styles.phoneList} aria-label={t`Unpaid fees`}>
        {dues.map((due) => {
          const line = lineOf(due);
          return (
            <li key={due.key} className={styles.phoneItem}>
              {toggle(due, line)}
              <span className={styles.phoneMeta}>
                <Trans>
                  Due {formatDate(due.dueDate)} · <Money amount={due.balance} currency={currency} /> left
                </Trans>
              </span>
              {amountField(due, line, 'list')}
            </li>
          );
        })}
      </ul>
      <Table.Scroller className={styles.wideOnly} tabIndex={0} role="region" aria-label={t`Unpaid fees`}>
        <Table.Root>
          <Table.Caption>
            <Trans>Unpaid fees of the chosen student</Trans>
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">
                <Trans>Fee</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Due date</Trans>
              </Table.Header>
              <Table.Header scope="col" data-numeric>
                <Trans>Balance</Trans>
              </Table.Header>
              <Table.Header scope="col" data-numeric>
                <Trans>Paying now</Trans>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {dues.map((due) => {
              const line = lineOf(due);
              return (
                <Table.Row key={due.key}>
                  <Table.Cell>{toggle(due, line)}</Table.Cell>
                  <Table.Cell className={tableStyles.nowrap}>
                    <time dateTime={due.dueDate}>{formatDate(due.dueDate)}</time>
                  </Table.Cell>
                  <Table.Cell data-numeric>
                    <Money amount={due.balance} currency={currency} />
                  </Table.Cell>
                  <Table.Cell data-numeric>{amountField(due, line, 'table', styles.amountInput)}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.Scroller>
    </>
  );
}
