import { SimpleTable } from '~/components/ui/simple-table';
import { type TeacherStatsRow, teacherStatsColumns } from './teacher-stats-columns';

/** Each active teacher's marks over the range, the percentage coloured by the spec's thresholds. */
export function TeacherStatsTable({ rows, caption }: { rows: TeacherStatsRow[]; caption: string }) {
  return <SimpleTable caption={caption} columns={teacherStatsColumns()} rows={rows} rowKey={(row) => row.teacherId} />;
}
