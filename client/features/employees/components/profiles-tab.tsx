import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Calendar, FileText, FilterX, Mail, Pencil, Phone, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import type { Teacher } from '../api';
import { formatDate, isActive, subjectLabel } from '../format';
import { ActiveBadge, Avatar } from './parts';

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: {
      base: '1fr',
      md: 'repeat(2, minmax(0, 1fr))',
      xl: 'repeat(3, minmax(0, 1fr))',
      '2xl': 'repeat(4, minmax(0, 1fr))',
    },
    gap: '4',
  }),
  card: css({ display: 'flex', flexDirection: 'column', h: 'full' }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '4', flex: '1' }),
  top: css({ display: 'flex', alignItems: 'flex-start', gap: '3' }),
  who: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  name: css({ fontSize: 'md', fontWeight: 'semibold', wordBreak: 'break-word' }),
  role: css({ fontSize: 'sm', color: 'fg.muted' }),
  facts: css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' }),
  fact: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    minW: '0',
    color: 'fg',
    '& svg': { color: 'fg.muted' },
  }),
  factText: css({ truncate: true }),
  quiet: css({ color: 'fg.muted' }),
  subjects: css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' }),
  footer: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: 'auto', pt: '1' }),
};

export interface ProfilesTabProps {
  teachers: Teacher[];
  allCount: number;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  onEdit: (teacher: Teacher) => void;
  onDocuments: (teacher: Teacher) => void;
  onAdd: () => void;
  onClearFilters: () => void;
}

/** A card per teacher: email, phone, joined date, subjects and status, with Edit and Documents. */
export function ProfilesTab({
  teachers,
  allCount,
  loading,
  error,
  onRetry,
  onEdit,
  onDocuments,
  onAdd,
  onClearFilters,
}: ProfilesTabProps) {
  if (loading) {
    return (
      <div className={styles.grid} aria-busy="true">
        <span className={css({ srOnly: true })}>
          <Trans>Loading teacher profiles...</Trans>
        </span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="56" borderRadius="card" />
        ))}
      </div>
    );
  }
  if (error && allCount === 0) {
    return (
      <Card.Root>
        <ErrorState
          as="h2"
          title={t`Teacher profiles could not be loaded`}
          description={error.message}
          onRetry={onRetry}
        />
      </Card.Root>
    );
  }
  if (teachers.length === 0) {
    return (
      <Card.Root>
        {allCount === 0 ? (
          <EmptyState
            icon={Users}
            title={t`No Teachers Found`}
            description={t`Profiles appear here once teachers are added.`}
            action={
              <Button onClick={onAdd}>
                <Trans>Add First Teacher</Trans>
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={FilterX}
            title={t`No teachers match your search`}
            action={
              <Button variant="outline" onClick={onClearFilters}>
                <Trans>Clear filters</Trans>
              </Button>
            }
          />
        )}
      </Card.Root>
    );
  }
  return (
    <ul className={styles.grid} aria-label={t`Teacher profiles`}>
      {teachers.map((teacher) => (
        <li key={teacher._id}>
          <Card.Root className={styles.card}>
            <Card.Body className={styles.body}>
              <div className={styles.top}>
                <Avatar name={teacher.name} size="md" />
                <div className={styles.who}>
                  <h2 className={styles.name}>{teacher.name}</h2>
                  <span className={styles.role}>{teacher.designation || t`Teacher`}</span>
                </div>
                <ActiveBadge active={isActive(teacher)} />
              </div>
              <div className={styles.facts}>
                <span className={styles.fact}>
                  <Mail size={14} aria-label={t`Email`} />
                  <span className={styles.factText}>{teacher.email}</span>
                </span>
                <span className={styles.fact}>
                  <Phone size={14} aria-label={t`Phone`} />
                  <span className={styles.factText}>
                    {teacher.phone || (
                      <span className={styles.quiet}>
                        <Trans>Not provided</Trans>
                      </span>
                    )}
                  </span>
                </span>
                <span className={styles.fact}>
                  <Calendar size={14} aria-label={t`Joined`} />
                  <span className={styles.factText}>
                    <Trans>Joined {formatDate(teacher.joinedOn ?? teacher.createdAt)}</Trans>
                  </span>
                </span>
              </div>
              <div className={styles.subjects}>
                {teacher.subjects.length > 0 ? (
                  teacher.subjects.map((s, i) => (
                    <Badge key={s.name} tone={i === 0 ? 'brand' : 'neutral'} size="sm">
                      {subjectLabel(s.name)}
                    </Badge>
                  ))
                ) : (
                  <span className={styles.quiet}>
                    <Trans>No subjects assigned</Trans>
                  </span>
                )}
              </div>
              <div className={styles.footer}>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onEdit(teacher)}
                  aria-label={t`Edit profile of ${teacher.name}`}
                >
                  <Pencil size={14} aria-hidden="true" />
                  <Trans>Edit profile</Trans>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onDocuments(teacher)}
                  aria-label={t`Documents of ${teacher.name}`}
                >
                  <FileText size={14} aria-hidden="true" />
                  <Trans>Documents</Trans>
                </Button>
              </div>
            </Card.Body>
          </Card.Root>
        </li>
      ))}
    </ul>
  );
}
