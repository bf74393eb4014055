import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MessageSquarePlus, MessageSquareText } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { RollNumber } from '~/components/roll-number';
import { IconButton } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { type SegmentOption, SimpleSegmentGroup } from '~/components/ui/segment-group';
import { i18n } from '~/lib/i18n';
import type { StudentRef, StudentStatus } from '../../api';
import { STUDENT_STATUS_LABELS, studentStatusTone } from '../../format';
import type { Mark } from '../../register-draft';

/** Made at render, so the statuses follow a change of language. */
const options = (): SegmentOption<StudentStatus>[] =>
  (['present', 'absent', 'late', 'excused'] as const).map((status) => ({
    value: status,
    label: i18n._(STUDENT_STATUS_LABELS[status]),
    tone: studentStatusTone(status) as SegmentOption<StudentStatus>['tone'],
  }));

const styles = {
  row: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr) auto', md: 'minmax(0, 1fr) 26rem auto' },
    gridTemplateAreas: {
      base: '"who note" "marks marks" "remark remark"',
      md: '"who marks note" "remark remark remark"',
    },
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
    '&[data-status=late]': { borderInlineStartColor: 'warning.dot', bg: 'warning.subtle/40' },
    '&[data-status=excused]': { borderInlineStartColor: 'info.dot' },
  }),
  who: css({ gridArea: 'who', display: 'flex', alignItems: 'center', gap: '3', minW: '0' }),
  name: css({ fontWeight: 'medium', lineHeight: '1.3', minW: '0', overflowWrap: 'anywhere' }),
  changed: css({ fontSize: 'xs', color: 'brand.fg', fontWeight: 'medium', whiteSpace: 'nowrap' }),
  marks: css({ gridArea: 'marks' }),
  note: css({
    gridArea: 'note',
    w: 'touch',
    h: 'touch',
    color: 'fg.muted',
    '&[aria-expanded=true]': { color: 'brand.fg' },
  }),
  remark: css({ gridArea: 'remark' }),
};

export interface RegisterRowProps {
  student: StudentRef;
  mark: Mark;
  changed: boolean;
  disabled: boolean;
  onChange: (studentId: string, change: Partial<Mark>) => void;
}

/** One student: roll number and name, the four statuses as big buttons, and an optional remark. */
export const RegisterRow = memo(function RegisterRow({ student, mark, changed, disabled, onChange }: RegisterRowProps) {
  const nameId = useId();
  const remarkId = useId();
  const [noteOpen, setNoteOpen] = useState(false);
  const showRemark = noteOpen || mark.remarks !== '';
  const name = student.name;
  return (
    <li className={styles.row} data-status={mark.status} aria-labelledby={nameId} data-student={student._id}>
      <div className={styles.who}>
        <RollNumber value={student.rollNumber} />
        <span id={nameId} className={styles.name}>
          {student.name}
        </span>
        {changed ? (
          <span className={styles.changed}>
            <Trans>Changed</Trans>
          </span>
        ) : null}
      </div>
      <SimpleSegmentGroup
        label={t`Attendance of ${name}`}
        name={`status-${student._id}`}
        options={options()}
        value={mark.status}
        onValueChange={(status) => onChange(student._id, { status })}
        size="lg"
        disabled={disabled}
        className={styles.marks}
      />
      <IconButton
        label={showRemark ? t`Remark for ${name}` : t`Add a remark for ${name}`}
        className={styles.note}
        aria-expanded={showRemark}
        aria-controls={showRemark ? remarkId : undefined}
        disabled={disabled}
        onClick={() => {
          if (showRemark && mark.remarks === '') setNoteOpen(false);
          else {
            setNoteOpen(true);
            requestAnimationFrame(() => document.getElementById(remarkId)?.focus());
          }
        }}
      >
        {showRemark ? (
          <MessageSquareText size={20} aria-hidden="true" />
        ) : (
          <MessageSquarePlus size={20} aria-hidden="true" />
        )}
      </IconButton>
      {showRemark ? (
        <Input
          id={remarkId}
          className={styles.remark}
          aria-label={t`Remark for ${name}`}
          placeholder={t`Remark (optional), e.g. Informed by parent`}
          value={mark.remarks}
          maxLength={500}
          disabled={disabled}
          onChange={(event) => onChange(student._id, { remarks: event.target.value })}
        />
      ) : null}
    </li>
  );
});
