import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BookOpen, ClipboardList, NotebookPen, School } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Badge } from '~/components/ui/badge';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { ownRecordQuery } from '../api';
import { classLabel } from '../format';

const styles = {
  section: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  label: css({
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  }),
  chips: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    py: '2.5',
    minH: 'touch',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0' },
  }),
  name: css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'medium', minW: '0' }),
  quiet: css({ fontSize: 'sm', color: 'fg.muted' }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  links: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))', gap: '2' }),
};

/** The classes the teacher is class teacher of, and every subject they teach (main or co-teacher). */
export function ClassesCard({ teacherId }: { teacherId: string }) {
  const record = useQuery(ownRecordQuery(teacherId));
  return (
    <Card.Root aria-labelledby="my-classes-title">
      <Card.Header>
        <Card.Title id="my-classes-title">
          <Trans>My classes and subjects</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>What you teach this year</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body className={styles.body}>
        {record.isPending ? (
          <div aria-busy="true" className={styles.section}>
            <Skeleton h="6" w="40" />
            <Skeleton h="10" />
            <Skeleton h="10" />
          </div>
        ) : record.isError ? (
          <ErrorState
            title={t`Your classes could not be loaded`}
            description={record.error.message}
            onRetry={() => void record.refetch()}
          />
        ) : (
          <>
            <div className={styles.section}>
              <span className={styles.label}>
                <Trans>Class teacher of</Trans>
              </span>
              {record.data.assignedClasses.length > 0 ? (
                <span className={styles.chips}>
                  {record.data.assignedClasses.map((c) => (
                    <Badge key={c._id} tone="brand">
                      <School size={12} aria-hidden="true" />
                      <Trans>Class {classLabel(c)}</Trans>
                    </Badge>
                  ))}
                </span>
              ) : (
                <span className={styles.quiet}>
                  <Trans>No class of your own this year.</Trans>
                </span>
              )}
            </div>
            <div className={styles.section}>
              <span className={styles.label}>
                <Trans>Subjects I teach</Trans>
              </span>
              {record.data.assignedSubjects.length > 0 ? (
                <ul className={styles.list}>
                  {record.data.assignedSubjects.map((s) => (
                    <li key={s._id} className={styles.item}>
                      <span className={styles.name}>
                        <BookOpen size={16} aria-hidden="true" />
                        {s.name}
                        {s.classId ? <span className={styles.quiet}>· {classLabel(s.classId)}</span> : null}
                      </span>
                      <Badge tone={s.role === 'main' ? 'success' : 'neutral'} size="sm">
                        {s.role === 'main' ? t`Main teacher` : t`Co-teacher`}
                      </Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className={styles.quiet}>
                  <Trans>No subjects assigned yet. The school office assigns them.</Trans>
                </span>
              )}
            </div>
            {record.data.assignedSubjects.length > 0 ? (
              <div className={styles.links}>
                <Link to="/teacher/marks" className={button({ variant: 'outline', size: 'md' })}>
                  <ClipboardList size={16} aria-hidden="true" />
                  <Trans>Enter marks</Trans>
                </Link>
                <Link to="/teacher/homework" className={button({ variant: 'outline', size: 'md' })}>
                  <NotebookPen size={16} aria-hidden="true" />
                  <Trans>Homework</Trans>
                </Link>
              </div>
            ) : null}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
