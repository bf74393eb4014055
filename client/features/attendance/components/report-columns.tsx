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

export const mostAbsentColumns: Column<StudentLine>[] = [
  {
    key: 'student',
    header: 'Student',
    render: (row) => (
      <span className={styles.who}>
        <span className={styles.name}>{row.student.name}</span>
        <span className={styles.quiet}>
          Class {classLabel(row.klass)} · Roll No. {row.student.rollNumber}
        </span>
      </span>
    ),
  },
  { key: 'absent', header: 'Absent', numeric: true, render: (row) => row.absent },
  {
    key: 'rate',
    header: 'Attendance %',
    numeric: true,
    render: (row) => (row.rate === null ? '—' : <Badge tone={percentTone(row.rate)}>{formatPercent(row.rate)}</Badge>),
  },
];
