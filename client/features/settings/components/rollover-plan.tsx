import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, History } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { Notice } from '~/components/ui/notice';
import * as Table from '~/components/ui/table';
import { isolate } from '~/lib/i18n';
import type { Decision, RolloverPlan } from '../years-api';

const styles = {
  counts: css({
    display: 'grid',
    gap: '3',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
  }),
  count: css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'l2', p: '3' }),
  countValue: css({ fontSize: 'xl', fontWeight: 'semibold' }),
  countLabel: css({ fontSize: 'sm', color: 'fg.muted' }),
  conflicts: css({ m: '0', ps: '5', display: 'flex', flexDirection: 'column', gap: '1' }),
  capacity: css({
    w: '20',
    h: '8',
    px: '2',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l1',
    bg: 'bg',
    textAlign: 'end',
  }),
  details: css({ '& summary': { cursor: 'pointer', color: 'brand.fg', fontSize: 'sm' } }),
  students: css({ display: 'flex', flexDirection: 'column', gap: '2', mt: '2' }),
  student: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', fontSize: 'sm' }),
  select: css({ h: '8', px: '2', borderWidth: '1px', borderColor: 'border', borderRadius: 'l1', bg: 'bg' }),
};

interface Props {
  plan: RolloverPlan;
  decisions: Record<string, Decision>;
  capacities: Record<string, number>;
  onDecision: (studentId: string, action: Decision) => void;
  onCapacity: (classId: string, capacity: number) => void;
}

function conflictText(c: RolloverPlan['conflicts'][number]): string {
  switch (c.type) {
    case 'capacity': {
      const { classLabel, students, capacity } = c;
      const hold = plural(students, { one: '# student', other: '# students' });
      const places = plural(capacity, { one: '# place', other: '# places' });
      return t`${classLabel} would hold ${hold} but has ${places}.`;
    }
    case 'missing-next-grade': {
      const { classLabel, nextLabel, students } = c;
      const count = plural(students, { one: '# student', other: '# students' });
      return t`${classLabel} has no ${nextLabel} to move on to (${count}): choose repeat or leave for them.`;
    }
    case 'duplicate-roll-number': {
      const { rollNumber, classLabel, students } = c;
      const count = plural(students, { one: '# student', other: '# students' });
      return t`Roll number ${rollNumber} would be held by ${count} in ${classLabel}: number the classes afresh.`;
    }
    case 'year-exists':
      return t`The school already has ${c.year}.`;
  }
}

function outcomeLabel(outcome: RolloverPlan['students'][number]['outcome']): string {
  if (outcome === 'repeated') return t`Repeats`;
  if (outcome === 'graduated') return t`Graduates`;
  if (outcome === 'promoted') return t`Promoted`;
  return t`Leaves`;
}

/** The dry run's (or the rollover's) plan: counts, conflicts, next year's classes and each student's way. */
export function RolloverPlanView({ plan, decisions, capacities, onDecision, onCapacity }: Props) {
  const year = isolate(plan.to.name);
  const done = plan.unfinished?.step ?? 0;
  const steps = plan.unfinished?.steps ?? 0;
  const counts: [string, number][] = [
    [t`Classes`, plan.counts.classes],
    [t`Subjects`, plan.counts.subjects],
    [t`Timetable periods`, plan.counts.timetableSlots],
    [t`Fee structures`, plan.counts.feeStructures],
    [t`Students`, plan.counts.students],
    [t`Promoted`, plan.counts.promoted],
    [t`Repeating`, plan.counts.repeated],
    [t`Leaving`, plan.counts.left],
    [t`Graduating`, plan.counts.graduated],
    [t`Conflicts`, plan.conflicts.length],
  ];
  const decisionOf = (s: RolloverPlan['students'][number]): Decision =>
    decisions[s._id] ?? (s.outcome === 'repeated' ? 'repeat' : s.outcome === 'left' ? 'leave' : 'promote');

  return (
    <Card.Root aria-labelledby="plan-title" data-testid="rollover-plan">
      <Card.Header>
        <Card.Title id="plan-title">
          {plan.dryRun ? <Trans>The plan for {year}</Trans> : <Trans>{year} has started</Trans>}
        </Card.Title>
        <Card.Description>
          {plan.dryRun
            ? t`Nothing has been written yet. Change a student's way or a class's places, then check the plan again.`
            : t`Students who leave keep their class of last year: issue their transfer certificates from their profiles.`}
        </Card.Description>
      </Card.Header>
      <Card.Body className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        <div className={styles.counts}>
          {counts.map(([label, value]) => (
            <div key={label} className={styles.count}>
              <div className={styles.countValue}>{value}</div>
              <div className={styles.countLabel}>{label}</div>
            </div>
          ))}
        </div>
        {plan.unfinished ? (
          <Notice icon={History} tone="warning" title={t`A rollover into ${year} stopped before it finished`}>
            <Trans>
              {done} of {steps} steps were written. This year is untouched until the last step. Start the year again
              with the same choices to finish it; with other choices, it starts afresh.
            </Trans>
          </Notice>
        ) : null}
        {plan.conflicts.length > 0 ? (
          <Notice icon={CircleAlert} tone="danger" title={t`Resolve these before starting the year`}>
            <ul className={styles.conflicts} data-testid="rollover-conflicts">
              {plan.conflicts.map((c) => (
                <li key={JSON.stringify(c)}>{conflictText(c)}</li>
              ))}
            </ul>
          </Notice>
        ) : plan.dryRun ? (
          <Notice icon={CircleCheck} tone="brand" title={t`No conflicts`}>
            <Trans>Every student has a place in {year}.</Trans>
          </Notice>
        ) : null}
        <Table.Scroller tabIndex={0} role="region" aria-label={t`Classes of next year`}>
          <Table.Root>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">
                  <Trans>Class</Trans>
                </Table.Header>
                <Table.Header scope="col" data-numeric>
                  <Trans>Places next year</Trans>
                </Table.Header>
                <Table.Header scope="col" data-numeric>
                  <Trans>Arriving</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Students this year</Trans>
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {plan.classes.map((k) => {
                const pupils = plan.students.filter((s) => s.classId === k.classId);
                return (
                  <Table.Row key={k.classId}>
                    <Table.Cell>{k.label}</Table.Cell>
                    <Table.Cell data-numeric>
                      <input
                        type="number"
                        min={1}
                        max={500}
                        className={styles.capacity}
                        aria-label={t`Places in ${k.label} next year`}
                        value={capacities[k.classId] ?? k.capacity}
                        disabled={!plan.dryRun}
                        onChange={(e) => onCapacity(k.classId, Number(e.target.value))}
                      />
                    </Table.Cell>
                    <Table.Cell data-numeric>{k.incoming}</Table.Cell>
                    <Table.Cell>
                      <details className={styles.details}>
                        <summary>{plural(pupils.length, { one: '# student', other: '# students' })}</summary>
                        <div className={styles.students}>
                          {pupils.map((s) => (
                            <div key={s._id} className={styles.student}>
                              <span>
                                {s.name}
                                {s.nextClass ? ` · ${s.nextClass}` : ` · ${outcomeLabel(s.outcome)}`}
                              </span>
                              <select
                                className={styles.select}
                                aria-label={t`Next year for ${s.name}`}
                                value={decisionOf(s)}
                                disabled={!plan.dryRun}
                                onChange={(e) => onDecision(s._id, e.target.value as Decision)}
                              >
                                <option value="promote">{t`Moves on`}</option>
                                <option value="repeat">{t`Repeats`}</option>
                                <option value="leave">{t`Leaves`}</option>
                              </select>
                            </div>
                          ))}
                        </div>
                      </details>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.Scroller>
      </Card.Body>
    </Card.Root>
  );
}
