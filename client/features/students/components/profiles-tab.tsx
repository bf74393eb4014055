import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CalendarDays, Mail, MapPin, Phone, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Pager } from '~/components/ui/pagination';
import { Skeleton } from '~/components/ui/skeleton';
import type { StudentCard } from '../api';
import { addressLine, classLabel, formatDate, relationLabel } from '../format';
import { StatusBadge } from './status-badge';

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
  }),
  top: css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' }),
  who: css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' }),
  avatar: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '10',
    h: '10',
    flexShrink: '0',
    borderRadius: 'full',
    bg: 'brand.subtle',
    color: 'brand.fg',
    fontWeight: 'semibold',
    fontSize: 'sm',
  }),
  name: css({ fontWeight: 'semibold', color: 'fg', overflowWrap: 'anywhere' }),
  meta: css({ fontSize: 'sm', color: 'fg.muted' }),
  lines: css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' }),
  line: css({
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    color: 'fg',
    minW: '0',
    '& svg': { mt: '0.5', color: 'fg.muted', flexShrink: '0' },
  }),
  value: css({ overflowWrap: 'anywhere' }),
  missing: css({ color: 'fg.muted' }),
  parents: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    fontSize: 'sm',
    pt: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
  }),
  body: css({ flex: '1' }),
  link: css({
    mt: 'auto',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    h: { base: 'touch', lg: '9' },
    px: '4',
    fontSize: 'sm',
    fontWeight: 'medium',
    borderWidth: '1px',
    borderColor: 'border.strong',
    borderRadius: 'control',
    color: 'fg',
    bg: 'surface',
    _hover: { bg: 'surface.hover' },
  }),
};

export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

function Line({ icon: Icon, value, missing }: { icon: typeof Mail; value: string | null; missing: string }) {
  return (
    <li className={styles.line}>
      <Icon size={16} aria-hidden="true" />
      {value ? <span className={styles.value}>{value}</span> : <span className={styles.missing}>{missing}</span>}
    </li>
  );
}

export interface ProfilesTabProps {
  students: StudentCard[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  error: Error | null;
  retry: () => void;
}

/** Cards with the spec's fallbacks ('No email', 'No phone', 'No address') and 'View Full Profile'. */
export function ProfilesTab({ students, total, page, pageSize, onPageChange, error, retry }: ProfilesTabProps) {
  if (error && !students) {
    return (
      <Card.Root>
        <ErrorState title={t`Failed to fetch students`} description={error.message} onRetry={retry} />
      </Card.Root>
    );
  }
  if (!students) {
    return (
      <div className={styles.grid} aria-busy="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} h="64" borderRadius="card" />
        ))}
      </div>
    );
  }
  if (students.length === 0) {
    return (
      <Card.Root>
        <EmptyState icon={Users} title={t`No students match these filters`} />
      </Card.Root>
    );
  }
  return (
    <>
      <ul className={styles.grid} aria-label={t`Student profiles`}>
        {students.map((s) => {
          const address = addressLine(s);
          const admitted = formatDate(s.admissionDate);
          return (
            <li key={s._id}>
              <Card.Root h="full">
                <Card.Body className={styles.body}>
                  <div className={styles.top}>
                    <div className={styles.who}>
                      <span className={styles.avatar} aria-hidden="true">
                        {initials(s.name)}
                      </span>
                      <div>
                        <h3 className={styles.name}>{s.name}</h3>
                        <p className={styles.meta}>
                          <Trans>
                            Class {classLabel(s.classId)} · Roll {s.rollNumber}
                          </Trans>
                        </p>
                      </div>
                    </div>
                    <StatusBadge status={s.status} />
                  </div>
                  <ul className={styles.lines}>
                    <Line icon={Mail} value={s.email} missing={t`No email`} />
                    <Line icon={Phone} value={s.phone} missing={t`No phone`} />
                    <Line icon={MapPin} value={address} missing={t`No address`} />
                    <Line icon={CalendarDays} value={t`Admitted ${admitted}`} missing="" />
                  </ul>
                  <div className={styles.parents}>
                    {s.parents.length === 0 ? (
                      <span className={styles.missing}>
                        <Trans>No parent info</Trans>
                      </span>
                    ) : (
                      s.parents.map((p) => (
                        <span key={p.relation}>
                          <span className={styles.missing}>{relationLabel(p.relation)}:</span> {p.name}
                        </span>
                      ))
                    )}
                  </div>
                  <Link
                    to="/students/$studentId"
                    params={{ studentId: s._id }}
                    className={styles.link}
                    aria-label={t`View Full Profile of ${s.name}`}
                  >
                    <Trans>View Full Profile</Trans>
                  </Link>
                </Card.Body>
              </Card.Root>
            </li>
          );
        })}
      </ul>
      <Pager page={page} pageSize={pageSize} count={total} onPageChange={onPageChange} noun={t`students`} />
    </>
  );
}
