import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { memo, useId } from 'react';
import { css } from 'styled-system/css';
import { RollNumber } from '~/components/roll-number';
import { Input } from '~/components/ui/input';
import { type SegmentOption, SimpleSegmentGroup } from '~/components/ui/segment-group';
import type { MarkStatus, SheetStudent } from '../api';
import type { DraftMark } from '../draft';

/** Made at render, so the choices follow a change of language. */
const options = (): SegmentOption<MarkStatus>[] => [
  { value: 'scored', label: t`Marks`, tone: 'brand' },
  { value: 'absent', label: t`Absent`, tone: 'danger' },
  { value: 'exempt', label: t`Exempt`, tone: 'info' },
];

const styles = {
  row: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr) 6.5rem', md: 'minmax(0, 1fr) 18rem 7rem' },
    gridTemplateAreas: { base: '"who score" "status status"', md: '"who status score"' },
    alignItems: 'center',
    columnGap: '3',
    rowGap: '2',
    px: { base: '3', md: '5' },
    py: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
    borderInlineStartWidth: '3px',
    borderInlineStartColor: 'transparent',
    _first: { borderTopWidth: '0' },
    '&[data-status=absent]': { borderInlineStartColor: 'danger.dot', bg: 'danger.subtle/40' },
    '&[data-status=exempt]': { borderInlineStartColor: 'info.dot' },
  }),
  who: css({ gridArea: 'who', display: 'flex', alignItems: 'center', gap: '3', minW: '0' }),
  text: css({ display: 'flex', flexDirection: 'column', minW: '0' }),
  name: css({ fontWeight: 'medium', lineHeight: '1.3', overflowWrap: 'anywhere' }),
  meta: css({ fontSize: 'xs', color: 'fg.muted' }),
  changed: css({ fontSize: 'xs', color: 'brand.fg', fontWeight: 'medium' }),
  status: css({ gridArea: 'status' }),
  score: css({ gridArea: 'score', display: 'flex', flexDirection: 'column', gap: '1' }),
  input: css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }),
  error: css({ fontSize: 'xs', color: 'danger.fg' }),
};

export interface MarkRowProps {
  student: SheetStudent;
  mark: DraftMark;
  maxMarks: number;
  changed: boolean;
  invalid: boolean;
  disabled: boolean;
  onChange: (studentId: string, mark: DraftMark) => void;
}

/** One student: their number box (out of the maximum) and whether they sat it, were absent or exempt. */
export const MarkRow = memo(function MarkRow({
  student,
  mark,
  maxMarks,
  changed,
  invalid,
  disabled,
  onChange,
}: MarkRowProps) {
  const id = useId();
  const saved = student.mark;
  const name = student.name;
  return (
    <li className={styles.row} data-status={mark.status} data-testid="mark-row">
      <div className={styles.who}>
        <RollNumber value={student.rollNumber} />
        <span className={styles.text}>
          <span className={styles.name}>{name}</span>
          {changed ? (
            <span className={styles.changed}>
              <Trans>Changed</Trans>
            </span>
          ) : saved?.grade ? (
            <span className={styles.meta}>{t`Grade ${saved.grade}`}</span>
          ) : null}
        </span>
      </div>
      <SimpleSegmentGroup
        className={styles.status}
        label={t`Mark of ${name}`}
        options={options()}
        value={mark.status}
        disabled={disabled}
        onValueChange={(status) => onChange(student._id, { ...mark, status })}
      />
      <div className={styles.score}>
        <Input
          id={id}
          className={styles.input}
          inputMode="decimal"
          autoComplete="off"
          aria-label={t`Marks of ${name}, out of ${maxMarks}`}
          aria-invalid={invalid || undefined}
          placeholder={mark.status === 'scored' ? `/ ${maxMarks}` : '—'}
          value={mark.status === 'scored' ? mark.score : ''}
          disabled={disabled || mark.status !== 'scored'}
          onChange={(event) => onChange(student._id, { status: 'scored', score: event.target.value })}
        />
        {invalid ? (
          <span className={styles.error} role="alert">
            {t`0 to ${maxMarks}`}
          </span>
        ) : null}
      </div>
    </li>
  );
});
