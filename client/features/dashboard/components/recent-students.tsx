import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { GraduationCap } from 'lucide-react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { EmptyState } from '~/components/ui/empty-state';
import { initials } from '~/components/ui/initials';
import type { ClassRef } from '~/lib/answers';
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

function admitted(ref: ClassRef | null, date: string) {
  const label = className(ref);
  return ref?.name ? t`Class ${label} · Admitted ${date}` : t`Not assigned · Admitted ${date}`;
}

export function RecentStudents({ summary, failed }: { summary: DashboardSummary | undefined; failed: boolean }) {
  const students = summary?.recentStudents.slice(0, 5);
  return (
    <Panel
      title={t`Recent Students`}
      description={t`The latest admissions`}
      busy={!summary && !failed}
      action={
        <Link to="/students" className={linkClass}>
          <Trans>View all</Trans>
        </Link>
      }
    >
      {!students ? (
        failed ? (
          <p className={listStyles.meta}>
            <Trans>Students could not be loaded.</Trans>
          </p>
        ) : (
          <ListSkeleton />
        )
      ) : students.length === 0 ? (
        <EmptyState as="h3" icon={GraduationCap} title={t`No students available`} />
      ) : (
        <ul className={listStyles.list}>
          {students.map((student) => (
            <li key={student._id} className={listStyles.item}>
              <span className={listStyles.avatar} aria-hidden="true">
                {initials(student.name)}
              </span>
              <div className={listStyles.main}>
                <span className={listStyles.title}>{student.name}</span>
                <span className={listStyles.meta}>{admitted(student.classId, formatDate(student.admissionDate))}</span>
              </div>
              <Badge tone={student.status === 'active' ? 'success' : 'neutral'} textTransform="capitalize">
                {student.status === 'active' ? t`active` : t`inactive`}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
