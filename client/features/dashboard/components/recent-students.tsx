import { Link } from '@tanstack/react-router';
import { GraduationCap } from 'lucide-react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { EmptyState } from '~/components/ui/empty-state';
import { initials } from '~/components/ui/initials';
import type { DashboardSummary } from '../api';
import { className, formatDate } from '../format';
import { ListSkeleton, listStyles, Panel } from './panel';

const linkClass = css({
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'brand.fg',
  whiteSpace: 'nowrap',
  _hover: { textDecoration: 'underline' },
});

export function RecentStudents({ summary, failed }: { summary: DashboardSummary | undefined; failed: boolean }) {
  const students = summary?.recentStudents.slice(0, 5);
  return (
    <Panel
      title="Recent Students"
      description="The latest admissions"
      busy={!summary && !failed}
      action={
        <Link to="/students" className={linkClass}>
          View all
        </Link>
      }
    >
      {!students ? (
        failed ? (
          <p className={listStyles.meta}>Students could not be loaded.</p>
        ) : (
          <ListSkeleton />
        )
      ) : students.length === 0 ? (
        <EmptyState as="h3" icon={GraduationCap} title="No students available" />
      ) : (
        <ul className={listStyles.list}>
          {students.map((student) => (
            <li key={student._id} className={listStyles.item}>
              <span className={listStyles.avatar} aria-hidden="true">
                {initials(student.name)}
              </span>
              <div className={listStyles.main}>
                <span className={listStyles.title}>{student.name}</span>
                <span className={listStyles.meta}>
                  {student.classId?.name ? `Class ${className(student.classId)}` : 'Not assigned'} · Admitted{' '}
                  {formatDate(student.admissionDate)}
                </span>
              </div>
              <Badge tone={student.status === 'active' ? 'success' : 'neutral'} textTransform="capitalize">
                {student.status}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
