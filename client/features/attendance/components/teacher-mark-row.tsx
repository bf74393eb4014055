import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { Avatar } from '~/components/ui/avatar';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { TEACHER_STATUSES, type TeacherListItem, type TeacherMark, type TeacherStatus } from '../api';
import { TEACHER_STATUS_TONES, teacherStatusLabel } from '../format';

const styles = {
  row: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) auto' },
    alignItems: 'center',
    gap: '3',
    px: { base: '4', md: '5' },
    py: '3.5',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0' },
  }),
  who: css({ display: 'flex', alignItems: 'flex-start', gap: '3', minW: '0' }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  name: css({ fontWeight: 'medium' }),
  meta: css({ fontSize: 'sm', color: 'fg.muted' }),
  state: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mt: '1' }),
  remarks: css({ fontSize: 'xs', color: 'fg.muted', fontStyle: 'italic' }),
  buttons: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(4, auto)' },
    gap: '2',
  }),
};

/** The current mark's button, filled in its status colour. */
const SELECTED: Record<TeacherStatus, string> = {
  present: css({ borderColor: 'success.border', bg: 'success.subtle', color: 'success.fg' }),
  absent: css({ borderColor: 'danger.border', bg: 'danger.subtle', color: 'danger.fg' }),
  late: css({ borderColor: 'warning.border', bg: 'warning.subtle', color: 'warning.fg' }),
  'half-day': css({ borderColor: 'info.border', bg: 'info.subtle', color: 'info.fg' }),
};

export interface TeacherMarkRowProps {
  teacher: TeacherListItem;
  record: TeacherMark | undefined;
  saving: boolean;
  disabled: boolean;
  onMark: (status: TeacherStatus) => void;
}

/** A teacher's day: who, what they teach, today's mark (or 'Not Marked') and the four buttons that set it. */
export function TeacherMarkRow({ teacher, record, saving, disabled, onMark }: TeacherMarkRowProps) {
  const subjects = teacher.subjects.map((s) => s.name).join(', ');
  const name = teacher.name;
  return (
    <li className={styles.row} aria-busy={saving || undefined}>
      <div className={styles.who}>
        <Avatar name={teacher.name} size="md" />
        <div className={styles.text}>
          <span className={styles.name}>{teacher.name}</span>
          <span className={styles.meta}>{subjects || t`No subjects assigned`}</span>
          <span className={styles.state}>
            {record ? (
              <Badge tone={TEACHER_STATUS_TONES[record.status]}>{teacherStatusLabel(record.status)}</Badge>
            ) : (
              <Badge>
                <Trans>Not Marked</Trans>
              </Badge>
            )}
            {record?.remarks ? <span className={styles.remarks}>{record.remarks}</span> : null}
          </span>
        </div>
      </div>
      <fieldset className={styles.buttons}>
        <legend className={css({ srOnly: true })}>{t`Mark ${name}`}</legend>
        {TEACHER_STATUSES.map((status) => {
          const selected = record?.status === status;
          return (
            <Button
              key={status}
              size="md"
              variant="outline"
              disabled={saving || disabled}
              aria-pressed={selected}
              onClick={() => onMark(status)}
              className={cx(selected && SELECTED[status])}
            >
              {teacherStatusLabel(status)}
            </Button>
          );
        })}
      </fieldset>
    </li>
  );
}
