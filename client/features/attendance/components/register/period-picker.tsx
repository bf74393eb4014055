import { t } from '@lingui/core/macro';
import { css } from 'styled-system/css';
import { DateField } from '~/components/ui/date-picker';
import { SimpleSelect } from '~/components/ui/select';
import type { PeriodChoices } from './period-choices';

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
    gap: '3',
  }),
};

export interface PeriodPickerProps {
  choices: PeriodChoices;
  classId?: string;
  subjectId?: string;
  date: string;
  onChange: (next: { classId?: string; subjectId?: string; date: string }) => void;
}

/** Class, subject and date: which register to open. */
export function PeriodPicker({ choices, classId, subjectId, date, onChange }: PeriodPickerProps) {
  return (
    <div className={styles.grid}>
      <SimpleSelect
        label={t`Class`}
        options={choices.classes}
        value={classId ?? ''}
        onValueChange={(value) => onChange({ classId: value || undefined, subjectId: undefined, date })}
        placeholder={choices.classesPending ? t`Loading classes...` : t`Select a class`}
        disabled={choices.classesPending}
      />
      <SimpleSelect
        label={t`Subject`}
        options={choices.subjects}
        value={subjectId ?? ''}
        onValueChange={(value) => onChange({ classId, subjectId: value || undefined, date })}
        placeholder={
          !classId ? t`Select a class first` : choices.subjectsPending ? t`Loading subjects...` : t`Select a subject`
        }
        disabled={!classId || choices.subjectsPending}
      />
      <DateField
        label={t`Date`}
        value={date}
        onValueChange={(value) => value && onChange({ classId, subjectId, date: value })}
      />
    </div>
  );
}
