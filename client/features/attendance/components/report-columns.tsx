import { t } from '@lingui/core/macro';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import type { Column } from '~/components/ui/simple-table';
import { classLabel, formatPercent, percentTone } from '../format';
import type { StudentLine } from '../report-data';

// Kept apart from the table: Panda would read a `columns` literal in the same file as the CSS property.
const styles = {
  who: css({ display: 'flex', flexDirection: 'column' }),
  name: css({ fontWeight: 'medium' }),
  quiet: css({ fontSize: 'xs', color: 'fg.muted' }),
};

function StudentCell({ row }: { row: StudentLine }) {
  const className = classLabel(row.klass);
  const roll = row.student.rollNumber;
  return (
    <span className={styles.who}>
      <span className={styles.name}>{row.student.name}</span>
      <span className={styles.quiet}>{t`Class ${className} · Roll No. ${roll}`}</span>
    </span>
  );
}

/** Made at render, so the headers follow a change of language. */
export const mostAbsentColumns = (): Column<StudentLine>[] => [
  {
    key: 'student',
    header: t`Student`,
    render: (row) => <StudentCell row={row} />,
  },
  { key: 'absent', header: t`Absent`, numeric: true, render: (row) => row.absent },
  {
    key: 'rate',
    header: t`Attendance %`,
    numeric: true,
    render: (row) => (row.rate === null ? '—' : <Badge tone={percentTone(row.rate)}>{formatPercent(row.rate)}</Badge>),
  },
];
