import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Search, Users } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Checkbox } from '~/components/ui/checkbox';
import * as Dialog from '~/components/ui/dialog';
import { DialogForm } from '~/components/ui/dialog-form';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { toast } from '~/lib/toast';
import { assignmentsQuery, type FeeStructure, studentOptionsQuery, useSaveAssignments } from '../api';
import { classLabel, isolate } from '../format';
import { staysAssigned } from '../refusals';

const styles = {
  toolbar: css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', mb: '3' }),
  search: css({ position: 'relative', flex: '1', minW: '12rem' }),
  searchIcon: css({ position: 'absolute', insetInlineStart: '3', top: '50%', transform: 'translateY(-50%)' }),
  searchInput: css({ ps: '9' }),
  count: css({ fontSize: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' }),
  list: css({
    display: 'flex',
    flexDirection: 'column',
    listStyle: 'none',
    p: '0',
    m: '0',
    maxH: { base: '50vh', md: '22rem' },
    overflowY: 'auto',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
  }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    minH: '11',
    px: '3',
    borderBottomWidth: '1px',
    borderColor: 'border',
    _last: { borderBottomWidth: '0' },
  }),
  roll: css({ color: 'fg.muted', ms: '1' }),
};

/** '3 students assigned to Transport for Class 8-A'. */
function assignedLine(count: number, name: string) {
  const students = plural(count, { one: '# student', other: '# students' });
  return t`${students} assigned to ${name}`;
}

export interface AssignDialogProps {
  structure: FeeStructure | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Picks the students of the fee's class who pay it: those who take an optional fee, or, for a fee of the whole
 * class, those charged it although it fell due before their admission. Saves only what changed.
 */
export function AssignDialog({ structure, onOpenChange }: AssignDialogProps) {
  const open = structure !== null;
  const classId = structure?.classId._id ?? '';
  const students = useQuery({ ...studentOptionsQuery(classId), enabled: open });
  const assigned = useQuery({ ...assignmentsQuery(structure?._id ?? ''), enabled: open });
  const save = useSaveAssignments();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState('');

  useEffect(() => {
    if (assigned.data) setChosen(new Set(assigned.data.studentIds));
  }, [assigned.data]);
  useEffect(() => {
    if (open) setSearch('');
  }, [open]);

  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    return (students.data ?? [])
      .filter(
        (s) =>
          !term ||
          s.name.toLowerCase().includes(term) ||
          (s.rollNumber ?? '').toLowerCase() === term ||
          (s.admissionNumber ?? '').toLowerCase().includes(term),
      )
      .sort((a, b) => (Number(a.rollNumber) || 1e9) - (Number(b.rollNumber) || 1e9) || a.name.localeCompare(b.name));
  }, [students.data, search]);

  if (!structure) return null;
  const category = isolate(structure.categoryId.name);
  const className = classLabel(structure.classId);
  const name = t`${category} for ${className}`;
  const before = new Set(assigned.data?.studentIds ?? []);
  const add = [...chosen].filter((id) => !before.has(id));
  const remove = [...before].filter((id) => !chosen.has(id));
  const toggle = (id: string, checked: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.length + remove.length === 0) {
      onOpenChange(false);
      return;
    }
    save.mutate(
      { structureId: structure._id, add, remove },
      {
        onSuccess: (result) => {
          toast.success(t`Fee assignments updated successfully`, {
            description: assignedLine(result.studentIds.length, name),
          });
          onOpenChange(false);
        },
        onError: (error) => {
          toast.error(error.message);
          // Whoever has paid stays assigned: tick them again as the saved list has them.
          if (staysAssigned(error))
            void assigned.refetch().then((result) => setChosen(new Set(result.data?.studentIds)));
        },
      },
    );
  };

  const loading = students.isPending || assigned.isPending;
  const ticked = chosen.size;
  const total = students.data?.length ?? 0;
  const failed = students.error ?? assigned.error;
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size="lg">
      <Dialog.Surface>
        <DialogForm onSubmit={handleSubmit} noValidate>
          <Dialog.Header>
            <Dialog.Title>
              <Trans>Students paying {name}</Trans>
            </Dialog.Title>
            <Dialog.Description>
              {structure.optional
                ? t`An optional fee is paid only by the students ticked here, from their admission date.`
                : t`Every student of the class pays this fee from their admission date. Tick a student admitted later to charge them the instalments due before it as well.`}
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <div className={styles.toolbar}>
              <div className={styles.search}>
                <Search size={16} aria-hidden="true" className={styles.searchIcon} />
                <Input
                  type="search"
                  aria-label={t`Search students`}
                  placeholder={t`Search by name, roll or admission number`}
                  className={styles.searchInput}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
              <span className={styles.count} aria-live="polite">
                {t`${ticked} of ${total} ticked`}
              </span>
            </div>
            {loading ? (
              <Skeleton h="40" />
            ) : failed ? (
              <ErrorState title={t`The students could not be loaded`} description={failed.message} />
            ) : rows.length === 0 ? (
              <EmptyState
                as="h3"
                icon={Users}
                title={search ? t`No student matches this search` : t`No students in this class`}
                description={search ? t`Try another name or number.` : t`Enrol students in the class first.`}
              />
            ) : (
              <ul className={styles.list} aria-label={t`Students of ${className}`}>
                {rows.map((student) => (
                  <li key={student._id} className={styles.item}>
                    <Checkbox
                      checked={chosen.has(student._id)}
                      onCheckedChange={(details) => toggle(student._id, details.checked === true)}
                    >
                      {student.name}
                      {student.rollNumber ? (
                        <span className={styles.roll}>
                          <Trans>· Roll {student.rollNumber}</Trans>
                        </span>
                      ) : null}
                    </Checkbox>
                  </li>
                ))}
              </ul>
            )}
          </Dialog.Body>
          <Dialog.FormFooter busy={save.isPending} loadingText={t`Saving...`} onCancel={() => onOpenChange(false)}>
            <Trans>Save students</Trans>
          </Dialog.FormFooter>
        </DialogForm>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
