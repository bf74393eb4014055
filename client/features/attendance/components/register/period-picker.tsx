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
        label="Class"
        options={choices.classes}
        value={classId ?? ''}
        onValueChange={(value) => onChange({ classId: value || undefined, subjectId: undefined, date })}
        placeholder={choices.classesPending ? 'Loading classes...' : 'Select a class'}
        disabled={choices.classesPending}
      />
      <SimpleSelect
        label="Subject"
        options={choices.subjects}
        value={subjectId ?? ''}
        onValueChange={(value) => onChange({ classId, subjectId: value || undefined, date })}
        placeholder={
          !classId ? 'Select a class first' : choices.subjectsPending ? 'Loading subjects...' : 'Select a subject'
        }
        disabled={!classId || choices.subjectsPending}
      />
      <DateField
        label="Date"
        value={date}
        onValueChange={(value) => value && onChange({ classId, subjectId, date: value })}
      />
    </div>
  );
}
