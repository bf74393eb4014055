import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, CircleAlert, ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { DateInput } from '~/components/ui/date-input';
import * as Field from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import { isolate } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { schoolInfoQuery } from '../api';
import { academicYearRange } from '../format';
import { type Decision, nextYearName, type RolloverBody, type RolloverPlan, useRollover } from '../years-api';
import { RolloverPlanView } from './rollover-plan';

const styles = {
  form: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }),
  options: css({ display: 'flex', flexDirection: 'column', gap: '2', mt: '4' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '5' }),
  stack: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
};

type Options = Pick<RolloverBody, 'classTeachers' | 'subjects' | 'timetable' | 'fees' | 'renumberRolls'>;

/** Settings' new school year: next year's name and dates, what to copy, a dry run, then the rollover itself. */
export function RolloverPanel() {
  const info = useQuery(schoolInfoQuery());
  const current = info.data?.academicYear ?? '';
  const next = current ? nextYearName(current) : '';
  const range = info.data ? academicYearRange(next, info.data.yearStartMonth) : null;
  const [name, setName] = useState<string | null>(null);
  const [startsOn, setStartsOn] = useState<string | null>(null);
  const [endsOn, setEndsOn] = useState<string | null>(null);
  const [options, setOptions] = useState<Options>({
    classTeachers: true,
    subjects: true,
    timetable: true,
    fees: true,
    renumberRolls: false,
  });
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [capacities, setCapacities] = useState<Record<string, number>>({});
  const [plan, setPlan] = useState<RolloverPlan | null>(null);
  const [stale, setStale] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rollover = useRollover();

  const body = (dryRun: boolean): RolloverBody => ({
    dryRun,
    name: name ?? next,
    startsOn: startsOn ?? range?.start ?? '',
    endsOn: endsOn ?? range?.end ?? '',
    ...options,
    decisions: Object.entries(decisions).map(([studentId, action]) => ({ studentId, action })),
    capacities: Object.entries(capacities).map(([classId, capacity]) => ({ classId, capacity })),
  });
  const changed = () => setStale(true);
  const check = () =>
    rollover.mutate(body(true), {
      onSuccess: (answer) => {
        setPlan(answer);
        setStale(false);
      },
      onError: (error) => toast.error(t`The plan could not be made`, { description: error.message }),
    });
  const run = () =>
    rollover.mutate(body(false), {
      onSuccess: (answer) => {
        setPlan(answer);
        setConfirming(false);
        const year = isolate(answer.to.name);
        toast.success(t`The school is now in ${year}`);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(t`The new year could not be started`, { description: error.message });
      },
    });
  const option = (key: keyof Options, label: string) => (
    <Checkbox
      checked={options[key]}
      onCheckedChange={(details) => {
        setOptions((o) => ({ ...o, [key]: details.checked === true }));
        changed();
      }}
    >
      {label}
    </Checkbox>
  );
  const done = plan && !plan.dryRun;
  const ready = plan?.dryRun && !stale && plan.conflicts.length === 0;
  const year = isolate(name ?? next);

  return (
    <div className={styles.stack}>
      {done ? null : (
        <Card.Root aria-labelledby="rollover-title">
          <Card.Header>
            <Card.Title id="rollover-title">
              <Trans>Start the next school year</Trans>
            </Card.Title>
            <Card.Description>
              {current
                ? t`Copies this year's classes into the next and moves every student on. ${isolate(current)} stays readable as it is.`
                : t`Copies this year's classes into the next and moves every student on.`}
            </Card.Description>
          </Card.Header>
          <Card.Body>
            <div className={styles.form}>
              <Field.Root required>
                <Field.Label>
                  <Trans>Year</Trans>
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input
                  value={name ?? next}
                  placeholder="2027-2028"
                  onChange={(e) => {
                    setName(e.target.value);
                    changed();
                  }}
                />
              </Field.Root>
              <DateInput
                label={t`Starts`}
                required
                value={startsOn ?? range?.start ?? ''}
                onValueChange={(value) => {
                  setStartsOn(value);
                  changed();
                }}
              />
              <DateInput
                label={t`Ends`}
                required
                value={endsOn ?? range?.end ?? ''}
                onValueChange={(value) => {
                  setEndsOn(value);
                  changed();
                }}
              />
            </div>
            <div className={styles.options}>
              {option('classTeachers', t`Class teachers stay with their classes`)}
              {option('subjects', t`Copy the subjects with their teachers`)}
              {option('timetable', t`Copy the timetable`)}
              {option('fees', t`Copy the fee structures`)}
              {option('renumberRolls', t`Number each class afresh (1, 2, … by name)`)}
            </div>
            <div className={styles.actions}>
              <Button
                variant="outline"
                onClick={check}
                loading={rollover.isPending && !confirming}
                disabled={!info.data || !!done}
              >
                <ClipboardCheck size={16} aria-hidden="true" />
                <Trans>Check the plan</Trans>
              </Button>
              <Button onClick={() => setConfirming(true)} disabled={!ready || !!done}>
                <CalendarPlus size={16} aria-hidden="true" />
                <Trans>Start {year}</Trans>
              </Button>
            </div>
            {stale && plan?.dryRun ? (
              <Notice icon={CircleAlert} tone="warning" className={css({ mt: '4' })}>
                <Trans>
                  The choices changed since the plan was made: check the plan again before starting the year.
                </Trans>
              </Notice>
            ) : null}
          </Card.Body>
        </Card.Root>
      )}
      {plan ? (
        <RolloverPlanView
          plan={plan}
          decisions={decisions}
          capacities={capacities}
          onDecision={(studentId, action) => {
            setDecisions((d) => ({ ...d, [studentId]: action }));
            changed();
          }}
          onCapacity={(classId, capacity) => {
            setCapacities((c) => ({ ...c, [classId]: capacity }));
            changed();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !rollover.isPending) setConfirming(false);
        }}
        title={t`Start ${year}?`}
        description={t`Every screen moves to ${year}. Students move to their new classes and the last grade graduates. This cannot be undone from here.`}
        confirmLabel={t`Start ${year}`}
        busyLabel={t`Starting…`}
        loading={rollover.isPending}
        onConfirm={run}
      />
    </div>
  );
}
