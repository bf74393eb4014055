import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { HandCoins } from 'lucide-react';
import { css } from 'styled-system/css';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import * as Card from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import { Money } from '~/components/ui/money';
import { Skeleton } from '~/components/ui/skeleton';
import { i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { type InstalmentStatus, type StudentFees, studentFeesQuery, useSaveAssignments } from '../api';
import { formatDate, formatMonth, frequencyName } from '../format';
import { useCurrency } from './pickers';

const styles = {
  fees: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  fee: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  head: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '2' }),
  name: css({ fontWeight: 'semibold' }),
  meta: css({ fontSize: 'sm', color: 'fg.muted' }),
  list: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    gap: '2',
    listStyle: 'none',
    p: '0',
    m: '0',
  }),
  instalment: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    px: '3',
    py: '2',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    fontSize: 'sm',
  }),
  when: css({ display: 'flex', flexDirection: 'column' }),
  right: css({ display: 'flex', alignItems: 'center', gap: '2', fontVariantNumeric: 'tabular-nums' }),
  link: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'brand.fg' }),
  empty: css({ fontSize: 'sm', color: 'fg.muted' }),
};

const STATUS: Record<InstalmentStatus, { label: MessageDescriptor; tone: BadgeTone }> = {
  paid: { label: msg({ message: 'Paid', context: 'instalment status' }), tone: 'success' },
  partial: { label: msg`Part paid`, tone: 'warning' },
  due: { label: msg`Due`, tone: 'info' },
  overdue: { label: msg`Overdue`, tone: 'danger' },
  'not-owed': { label: msg`Not owed`, tone: 'neutral' },
};

type Fee = StudentFees['fees'][number];

/** What the office can change about one fee for this student, or null when there is nothing to change. */
function assignLabel(fee: Fee, admitted: string) {
  if (fee.optional) return t`Takes this fee`;
  const before = fee.instalments.some((i) => i.dueDate < admitted);
  return before || fee.assigned ? t`Charge the instalments due before admission` : null;
}

/**
 * One student's fees on their profile: every fee of the class, instalment by instalment, owed or not, and the
 * office's switch for each (takes an optional fee; charged a class fee that fell due before admission).
 */
export function StudentFeesCard({ studentId }: { studentId: string }) {
  const currency = useCurrency();
  const fees = useQuery(studentFeesQuery(studentId));
  const save = useSaveAssignments();
  const data = fees.data;

  const setAssigned = (fee: Fee, assigned: boolean) =>
    save.mutate(
      { structureId: fee.structureId, add: assigned ? [studentId] : [], remove: assigned ? [] : [studentId] },
      {
        onSuccess: () => toast.success(t`Fee assignments updated successfully`),
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>Fees</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>
            Every fee of the class, from the admission date; optional fees only when the student takes them.
          </Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {fees.isPending ? (
          <Skeleton h="32" />
        ) : fees.isError ? (
          <p className={styles.empty}>
            <Trans>The fees could not be loaded: {fees.error.message}</Trans>
          </p>
        ) : !data || data.fees.length === 0 ? (
          <p className={styles.empty}>
            <Trans>No fees are set for this class.</Trans>
          </p>
        ) : (
          <div className={styles.fees}>
            {data.student.classId ? (
              <Link
                to="/fees"
                search={{ tab: 'payments', classId: data.student.classId._id, studentId }}
                className={styles.link}
              >
                <HandCoins size={16} aria-hidden="true" />
                <Trans>Take a payment</Trans>
              </Link>
            ) : null}
            {data.fees.map((fee) => {
              // A past year's fee is here only for what was left unpaid of it: marked with its year, not assignable.
              const label = fee.arrears ? null : assignLabel(fee, data.student.admissionDate);
              const year = fee.academicYear;
              return (
                <section key={fee.structureId} className={styles.fee} aria-label={fee.category}>
                  <div className={styles.head}>
                    <span>
                      <span className={styles.name}>{fee.category}</span>{' '}
                      {fee.arrears ? (
                        <Badge tone="warning" size="sm">
                          {t`${year} arrears`}
                        </Badge>
                      ) : null}{' '}
                      <span className={styles.meta}>
                        {frequencyName(fee.frequency)} · {fee.optional ? t`Optional` : t`Whole class`} ·{' '}
                        {fee.instalments.length > 1 ? (
                          <Trans>
                            <Money amount={fee.amount} currency={currency} /> each
                          </Trans>
                        ) : (
                          <Money amount={fee.amount} currency={currency} />
                        )}
                      </span>
                    </span>
                    {label ? (
                      <Checkbox
                        checked={fee.assigned}
                        disabled={save.isPending}
                        onCheckedChange={(details) => setAssigned(fee, details.checked === true)}
                      >
                        {label}
                      </Checkbox>
                    ) : null}
                  </div>
                  <ul className={styles.list} aria-label={t`Instalments of ${fee.category}`}>
                    {fee.instalments.map((i) => (
                      <li
                        key={i.instalment}
                        className={styles.instalment}
                        aria-label={`${i.label}: ${i18n._(STATUS[i.status].label)}`}
                      >
                        <span className={styles.when}>
                          <span>{fee.instalments.length > 1 ? formatMonth(i.dueDate) : fee.category}</span>
                          <span className={styles.meta}>
                            <Trans>Due {formatDate(i.dueDate)}</Trans>
                          </span>
                        </span>
                        <span className={styles.right}>
                          {i.owed && i.status !== 'paid' ? <Money amount={i.balance} currency={currency} /> : null}
                          <Badge tone={STATUS[i.status].tone} size="sm">
                            {i18n._(STATUS[i.status].label)}
                          </Badge>
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
      </Card.Body>
    </Card.Root>
  );
}
