import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { UserCog } from 'lucide-react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import type { Classroom, Student } from '../api';
import { byRoll, classLabel, formatCount } from '../format';
import { CapacityBadge } from './capacity-badge';
import { type LoadProblem, NoClasses, ProblemState } from './empty-states';

/** The spec's preview size: the first six students of each class. */
export const PREVIEW_SIZE = 6;

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', '2xl': 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
  }),
  top: css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' }),
  title: css({ fontSize: 'md', fontWeight: 'semibold' }),
  teacher: css({ fontSize: 'sm', color: 'fg.muted' }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  student: css({
    display: 'flex',
    justifyContent: 'space-between',
    gap: '3',
    py: '1.5',
    fontSize: 'sm',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border', borderStyle: 'dashed' },
  }),
  name: css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }),
  roll: css({ color: 'fg.muted', flexShrink: '0' }),
  more: css({ fontSize: 'sm', color: 'fg.muted', pt: '1' }),
  none: css({ fontSize: 'sm', color: 'fg.muted', py: '3' }),
  footer: css({ justifyContent: 'flex-start' }),
};

export interface StudentAssignmentsTabProps {
  loading: boolean;
  /** A list this tab needs (classes or students) failed to load. */
  problem: LoadProblem | null;
  classes: Classroom[];
  students: Student[];
  filtering: boolean;
  onAddClass: () => void;
  onClearFilters: () => void;
  onManageStudents: (klass: Classroom) => void;
}

const rollOf = (roll: string) => t`Roll ${roll}`;
function more(hidden: number) {
  const count = formatCount(hidden);
  return t`+${count} more`;
}

/** Each class with its teacher, students against capacity and the first six students by roll number. */
export function StudentAssignmentsTab(props: StudentAssignmentsTabProps) {
  const { loading, classes, students } = props;
  const byClass = useMemo(() => {
    const map = new Map<string, Student[]>();
    for (const s of students) {
      if (!s.classId) continue;
      map.set(s.classId._id, [...(map.get(s.classId._id) ?? []), s]);
    }
    for (const list of map.values()) list.sort(byRoll);
    return map;
  }, [students]);

  if (loading) {
    return (
      <div className={styles.grid}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="72" borderRadius="card" />
        ))}
      </div>
    );
  }
  if (props.problem) {
    return (
      <Card.Root>
        <ProblemState problem={props.problem} />
      </Card.Root>
    );
  }
  if (classes.length === 0) {
    return (
      <Card.Root>
        <NoClasses filtering={props.filtering} onAddClass={props.onAddClass} onClearFilters={props.onClearFilters} />
      </Card.Root>
    );
  }

  return (
    <ul className={styles.grid} aria-label={t`Student assignments by class`}>
      {classes.map((c) => {
        const members = byClass.get(c._id) ?? [];
        const label = classLabel(c);
        return (
          <li key={c._id}>
            <Card.Root h="full">
              <Card.Body gap="3" flex="1">
                <div className={styles.top}>
                  <div>
                    <h3 className={styles.title}>
                      <Trans>Class {label}</Trans>
                    </h3>
                    <p className={styles.teacher}>{c.teacherId?.name ?? t`Not assigned`}</p>
                  </div>
                  <CapacityBadge count={members.length} capacity={c.capacity} />
                </div>
                {members.length === 0 ? (
                  <p className={styles.none}>
                    <Trans>No students assigned yet.</Trans>
                  </p>
                ) : (
                  <ul className={styles.list} aria-label={t`First students of ${label}`}>
                    {members.slice(0, PREVIEW_SIZE).map((s) => (
                      <li key={s._id} className={styles.student}>
                        <span className={styles.name}>{s.name}</span>
                        <span className={styles.roll} data-numeric="">
                          {rollOf(s.rollNumber ?? '—')}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {members.length > PREVIEW_SIZE ? (
                  <p className={styles.more}>{more(members.length - PREVIEW_SIZE)}</p>
                ) : null}
              </Card.Body>
              <Card.Footer className={styles.footer}>
                <Button
                  variant="outline"
                  aria-label={t`Manage Students of ${label}`}
                  onClick={() => props.onManageStudents(c)}
                >
                  <UserCog size={16} aria-hidden="true" />
                  <Trans>Manage Students</Trans>
                </Button>
              </Card.Footer>
            </Card.Root>
          </li>
        );
      })}
    </ul>
  );
}
