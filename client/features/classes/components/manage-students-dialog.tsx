import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Search, TriangleAlert, UserMinus, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Dialog from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Notice } from '~/components/ui/notice';
import { toast } from '~/lib/toast';
import { type Classroom, type Student, useAssignStudent, useRemoveStudent } from '../api';
import { byRoll, classLabel, formatCount } from '../format';
import { failureToast } from '../messages';
import { CapacityBadge } from './capacity-badge';

/** Enough to find someone by scrolling; the search narrows the rest. */
const AVAILABLE_SHOWN = 50;

const styles = {
  surface: css({ maxW: { sm: '4xl' } }),
  columns: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '5' }),
  section: css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }),
  sectionHeader: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', minH: '8' }),
  sectionTitle: css({ fontSize: 'sm', fontWeight: 'semibold' }),
  list: css({
    display: 'flex',
    flexDirection: 'column',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
    maxH: { base: '72', md: '96' },
    overflowY: 'auto',
  }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    px: '3',
    py: '2',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
  }),
  who: css({ display: 'flex', flexDirection: 'column', minW: '0' }),
  name: css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }),
  meta: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'xs', color: 'fg.muted' }),
  empty: css({ px: '3', py: '6', textAlign: 'center', color: 'fg.muted', fontSize: 'sm' }),
  searchControl: css({ position: 'relative' }),
  searchIcon: css({
    position: 'absolute',
    insetInlineStart: '3',
    top: '50%',
    transform: 'translateY(-50%)',
    color: 'fg.muted',
    pointerEvents: 'none',
  }),
  more: css({ fontSize: 'xs', color: 'fg.muted' }),
};

export interface ManageStudentsDialogProps {
  klass: Classroom | null;
  students: Student[];
  onClose: () => void;
}

const classTeacherLine = (name: string) =>
  t`Class teacher ${name}. Assigning a student moves them out of their current class.`;
function currentHeading(count: number) {
  const shown = formatCount(count);
  return t`Current students (${shown})`;
}
const rollOf = (roll: string) => t`Roll ${roll}`;
const removeLabel = (name: string) => t`Remove ${name}`;
const assignLabel = (name: string) => t`Assign ${name}`;
const nowIn = (label: string) => t`Now in ${label}`;
function showingLine(shown: number, all: number) {
  const first = formatCount(shown);
  const total = formatCount(all);
  return t`Showing ${first} of ${total}. Search to find the others.`;
}

/** The class's students with Remove, and the school's other active students with Assign. */
export function ManageStudentsDialog({ klass, students, onClose }: ManageStudentsDialogProps) {
  return (
    <Dialog.Root open={klass !== null} onOpenChange={(details) => !details.open && onClose()} size="lg">
      <Dialog.Surface className={styles.surface}>
        {klass ? <ManageStudents klass={klass} students={students} onClose={onClose} /> : null}
      </Dialog.Surface>
    </Dialog.Root>
  );
}

function ManageStudents({ klass, students, onClose }: { klass: Classroom; students: Student[]; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const assign = useAssignStudent();
  const remove = useRemoveStudent();
  const label = classLabel(klass);

  const current = useMemo(() => students.filter((s) => s.classId?._id === klass._id).sort(byRoll), [students, klass]);
  // Roll numbers are unique within a class: such a student takes the class's next free number when moved here.
  const takenRolls = useMemo(() => new Set(current.map((s) => s.rollNumber).filter(Boolean)), [current]);
  const rollTaken = (s: Student) => s.rollNumber !== null && takenRolls.has(s.rollNumber);
  const available = useMemo(() => {
    const term = search.trim().toLowerCase();
    return students
      .filter((s) => s.classId?._id !== klass._id && s.status === 'active')
      .filter(
        (s) =>
          !term ||
          s.name.toLowerCase().includes(term) ||
          s.rollNumber?.toLowerCase().includes(term) ||
          s.admissionNumber?.toLowerCase().includes(term) ||
          (s.classId !== null && classLabel(s.classId).toLowerCase().includes(term)),
      )
      .sort((a, b) => Number(a.classId !== null) - Number(b.classId !== null) || a.name.localeCompare(b.name));
  }, [students, klass, search]);

  const count = current.length;
  const full = count >= klass.capacity;

  const doAssign = async (student: Student) => {
    try {
      await assign.mutateAsync({ studentId: student._id, classId: klass._id });
      toast.success(t`Student assigned to class successfully`);
    } catch (error) {
      failureToast(t`Failed to assign student to class`, error);
    }
  };
  const doRemove = async (student: Student) => {
    try {
      await remove.mutateAsync(student._id);
      toast.success(t`Student removed from class successfully`);
    } catch (error) {
      failureToast(t`Failed to remove student from class`, error);
    }
  };
  const busyWith = (student: Student) =>
    (assign.isPending && assign.variables?.studentId === student._id) ||
    (remove.isPending && remove.variables === student._id);

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>
          <Trans>Manage Students · Class {label}</Trans>
        </Dialog.Title>
        <Dialog.Description>
          {klass.teacherId
            ? classTeacherLine(klass.teacherId.name)
            : t`Assigning a student moves them out of their current class.`}
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <div className={styles.columns}>
          <section className={styles.section} aria-labelledby="current-students">
            <div className={styles.sectionHeader}>
              <h3 id="current-students" className={styles.sectionTitle}>
                {currentHeading(current.length)}
              </h3>
              <CapacityBadge count={count} capacity={klass.capacity} />
            </div>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, and must scroll by keyboard even when its buttons are disabled. */}
            <ul className={styles.list} tabIndex={0} aria-label={t`Students of ${label}`}>
              {current.length === 0 ? (
                <li className={styles.empty}>
                  <Trans>No students in this class yet. Assign them from the list.</Trans>
                </li>
              ) : (
                current.map((student) => (
                  <li key={student._id} className={styles.item}>
                    <span className={styles.who}>
                      <span className={styles.name}>{student.name}</span>
                      <span className={styles.meta}>
                        {rollOf(student.rollNumber ?? '—')}
                        {student.status === 'inactive' ? (
                          <Badge size="sm">
                            <Trans>Inactive</Trans>
                          </Badge>
                        ) : null}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={removeLabel(student.name)}
                      onClick={() => void doRemove(student)}
                      loading={busyWith(student)}
                      disabled={remove.isPending || assign.isPending}
                    >
                      <UserMinus size={16} aria-hidden="true" />
                      <Trans>Remove</Trans>
                    </Button>
                  </li>
                ))
              )}
            </ul>
          </section>

          <section className={styles.section} aria-labelledby="available-students">
            <div className={styles.sectionHeader}>
              <h3 id="available-students" className={styles.sectionTitle}>
                <Trans>Available students</Trans>
              </h3>
            </div>
            <div className={styles.searchControl}>
              <Search size={16} aria-hidden="true" className={styles.searchIcon} />
              <Input
                type="search"
                ps="9"
                placeholder={t`Name, roll number or class...`}
                aria-label={t`Search available students`}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            {full ? (
              <Notice icon={TriangleAlert} tone="warning" title={t`Class ${label} is full`}>
                <Trans>Raise its capacity, or remove a student, before assigning another.</Trans>
              </Notice>
            ) : null}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, and must scroll by keyboard even when its buttons are disabled. */}
            <ul className={styles.list} tabIndex={0} aria-label={t`Available students`}>
              {available.length === 0 ? (
                <li className={styles.empty}>
                  {search ? t`No student matches your search.` : t`Every active student is already in this class.`}
                </li>
              ) : (
                available.slice(0, AVAILABLE_SHOWN).map((student) => (
                  <li key={student._id} className={styles.item}>
                    <span className={styles.who}>
                      <span className={styles.name}>{student.name}</span>
                      <span className={styles.meta}>
                        {rollOf(student.rollNumber ?? '—')}
                        {student.classId ? (
                          <Badge size="sm" tone="info">
                            {nowIn(classLabel(student.classId))}
                          </Badge>
                        ) : (
                          <Badge size="sm">
                            <Trans>No class</Trans>
                          </Badge>
                        )}
                        {rollTaken(student) ? (
                          <Badge size="sm" tone="warning">
                            <Trans>Gets a new roll number here</Trans>
                          </Badge>
                        ) : null}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant="subtle"
                      aria-label={assignLabel(student.name)}
                      onClick={() => void doAssign(student)}
                      loading={busyWith(student)}
                      disabled={full || remove.isPending || assign.isPending}
                    >
                      <UserPlus size={16} aria-hidden="true" />
                      <Trans>Assign</Trans>
                    </Button>
                  </li>
                ))
              )}
            </ul>
            {available.length > AVAILABLE_SHOWN ? (
              <p className={styles.more}>{showingLine(AVAILABLE_SHOWN, available.length)}</p>
            ) : null}
          </section>
        </div>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </Dialog.Footer>
    </>
  );
}
