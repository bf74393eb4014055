import { t } from '@lingui/core/macro';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import type { Column } from '~/components/ui/simple-table';
import type { TeacherStats } from '../api';
import { formatPercent, percentTone } from '../format';

export type TeacherStatsRow = TeacherStats['teacherStats'][number];
type Row = TeacherStatsRow;

// Kept apart from the table: Panda would read a `columns` literal in the same file as the CSS property.
const styles = {
  who: css({ display: 'flex', flexDirection: 'column', minW: '0' }),
  name: css({ fontWeight: 'medium' }),
  email: css({ fontSize: 'xs', color: 'fg.muted' }),
};

const numberColumn = (key: 'totalDays' | 'present' | 'absent' | 'late' | 'halfDay', header: string): Column<Row> => ({
  key,
  header,
  numeric: true,
  render: (row) => row[key],
});

/** Made at render, so the headers follow a change of language. */
export const teacherStatsColumns = (): Column<Row>[] => [
  {
    key: 'teacher',
    header: t`Teacher`,
    render: (row) => (
      <span className={styles.who}>
        <span className={styles.name}>{row.teacherName}</span>
        <span className={styles.email}>{row.teacherEmail}</span>
      </span>
    ),
  },
  numberColumn('totalDays', t`Total Days`),
  numberColumn('present', t`Present`),
  numberColumn('absent', t`Absent`),
  numberColumn('late', t`Late`),
  numberColumn('halfDay', t`Half Day`),
  {
    key: 'percent',
    header: t`Attendance %`,
    numeric: true,
    render: (row) => (
      <Badge tone={percentTone(row.attendancePercentage)}>{formatPercent(row.attendancePercentage)}</Badge>
    ),
  },
];
