import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import * as Field from '~/components/ui/field';
import { SimpleSegmentGroup } from '~/components/ui/segment-group';
import { TimeInput } from '~/components/ui/time-input';
import { toast } from '~/lib/toast';
import { type SchoolInfo, useUpdateSchoolInfo } from '../api';
import { SchoolSettingCard } from './school-setting-card';

type Choice = Pick<SchoolInfo, 'absenceAlerts' | 'absenceAlertTime' | 'absenceAlertLate' | 'absenceAlertStudents'>;

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '4', alignItems: 'stretch' }),
  time: css({ maxW: '14rem' }),
  actions: css({ display: 'flex', justifyContent: 'flex-end' }),
};

const choiceOf = (info: SchoolInfo): Choice => ({
  absenceAlerts: info.absenceAlerts,
  absenceAlertTime: info.absenceAlertTime,
  absenceAlertLate: info.absenceAlertLate,
  absenceAlertStudents: info.absenceAlertStudents,
});

function AlertsForm({ info }: { info: SchoolInfo }) {
  const saved = choiceOf(info);
  const [draft, setDraft] = useState<Choice>(saved);
  const update = useUpdateSchoolInfo();
  const set = (change: Partial<Choice>) => setDraft((current) => ({ ...current, ...change }));
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const timeMissing = draft.absenceAlerts === 'timed' && !draft.absenceAlertTime;
  const save = () =>
    update.mutate(draft, {
      onSuccess: () => toast.success(t`Absence alert settings saved`),
      onError: (error) => toast.error(t`Absence alert settings were not saved`, { description: error.message }),
    });
  return (
    <div className={styles.body}>
      <SimpleSegmentGroup
        label={t`When families are told`}
        value={draft.absenceAlerts}
        onValueChange={(absenceAlerts) => set({ absenceAlerts })}
        options={[
          { value: 'now', label: t`At once` },
          { value: 'timed', label: t`At a time` },
          { value: 'off', label: t`Off` },
        ]}
      />
      {draft.absenceAlerts === 'timed' ? (
        <Field.Root required invalid={timeMissing} className={styles.time}>
          <Field.Label>
            <Trans>Time (school time)</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <TimeInput value={draft.absenceAlertTime} onValueChange={(absenceAlertTime) => set({ absenceAlertTime })} />
          <Field.HelperText>
            <Trans>Within five minutes of this time. Registers saved later are told within five minutes.</Trans>
          </Field.HelperText>
          <Field.ErrorText>{t`Enter a time such as 10:00`}</Field.ErrorText>
        </Field.Root>
      ) : null}
      <Checkbox
        checked={draft.absenceAlertLate}
        onCheckedChange={(details) => set({ absenceAlertLate: details.checked === true })}
      >
        <Trans>Tell families of late marks too</Trans>
      </Checkbox>
      <Checkbox
        checked={draft.absenceAlertStudents}
        onCheckedChange={(details) => set({ absenceAlertStudents: details.checked === true })}
      >
        <Trans>Tell the pupils themselves too (parents are always told)</Trans>
      </Checkbox>
      <div className={styles.actions}>
        <Button onClick={save} disabled={!changed || timeMissing} loading={update.isPending}>
          <Trans>Save absence alerts</Trans>
        </Button>
      </div>
    </div>
  );
}

/**
 * When a register marks a pupil absent, each of their parents gets one alert for the day in the family inbox. The
 * school chooses when: at once, at a time of day after the morning registers, or not at all.
 */
export function AbsenceAlertsCard() {
  return (
    <SchoolSettingCard
      id="absence-alerts"
      skeletonHeight="24"
      title={<Trans>Absence alerts</Trans>}
      description={
        <Trans>
          When a register marks a pupil absent, each of their parents gets one message for the day in the family portal,
          naming the periods missed. A correction the same day updates or withdraws it.
        </Trans>
      }
    >
      {(info) => <AlertsForm info={info} />}
    </SchoolSettingCard>
  );
}
