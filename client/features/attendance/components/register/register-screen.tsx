import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { ClipboardCheck, Pencil, Users } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { preloadable } from '~/components/ui/lazy-part';
import { Skeleton } from '~/components/ui/skeleton';
import { schoolToday } from '~/lib/school-time';
import { toast } from '~/lib/toast';
import { registerQuery, useLiveRegister, useSaveRegister } from '../../api';
import { classLabel, formatLongDate } from '../../format';
import { useRegisterDraft } from '../../register-draft';
import type { RegisterSearch } from '../../search';
import { AlertsLine, alertsLine } from './alerts-line';
import { type RegisterSource, usePeriodChoices } from './period-choices';
import { PeriodPicker } from './period-picker';
import { RegisterBar } from './register-bar';
import { RegisterNotice, takenAt } from './register-notice';

const registerKey = (register: { class: { _id: string }; subject: { _id: string }; date: string }) =>
  `${register.class._id} ${register.subject._id} ${register.date}`;

// The rows come with the register's data: their code (the marks' radio groups) loads alongside it.
const rows = preloadable(() => import('./register-row'));
const RegisterRow = lazy(() => rows.load().then((m) => ({ default: m.RegisterRow })));

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  periodHead: css({ flexDirection: 'row', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' }),
  periodText: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  periodClass: css({ fontWeight: 'medium', fontSize: 'sm' }),
  listHead: css({
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    pb: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  skeletons: css({ display: 'flex', flexDirection: 'column', gap: '3', p: '5' }),
};

export interface RegisterScreenProps {
  source: RegisterSource;
  search: RegisterSearch;
  onSearchChange: (next: RegisterSearch) => void;
  /** The school's IANA zone: the register opens on the school's today, wherever the device is. */
  timeZone: string | undefined;
  /** After a save has landed, for views outside this feature that show the register (the teacher's week). */
  onSaved?: () => void;
}

/**
 * The class register for one period, phone first: everyone starts present (or as already marked), the teacher
 * taps only the exceptions, and one button at the bottom saves the whole class at once.
 */
export function RegisterScreen({ source, search, onSearchChange, timeZone, onSaved }: RegisterScreenProps) {
  const [today] = useState(() => schoolToday(timeZone));
  useEffect(() => void rows.load(), []);
  const date = search.date ?? today;
  const { classId, subjectId } = search;
  const ready = Boolean(classId && subjectId);
  const choices = usePeriodChoices(source, classId);
  const register = useQuery({
    ...registerQuery(source.client, source.audience, { classId: classId ?? '', subjectId: subjectId ?? '', date }),
    enabled: ready,
  });
  const draft = useRegisterDraft(register.data);
  useLiveRegister({ classId, date });
  const save = useSaveRegister(source.client);
  const [pickerOpen, setPickerOpen] = useState(!ready);
  const [saveError, setSaveError] = useState<string | null>(null);
  // What the last save did about absence alerts, for that register only.
  const [alerts, setAlerts] = useState<{ key: string; text: string } | null>(null);

  // A class with a single subject of this teacher's needs no second choice.
  const onlySubject = choices.subjects.length === 1 ? choices.subjects[0].value : undefined;
  useEffect(() => {
    if (classId && !subjectId && onlySubject) onSearchChange({ classId, subjectId: onlySubject, date: search.date });
  }, [classId, subjectId, onlySubject, search.date, onSearchChange]);

  useEffect(() => {
    if (choices.error) toast.error(t`Failed to fetch classes`, { description: choices.error.message });
  }, [choices.error]);

  const changes = draft.changed;
  const unsaved = changes > 0;
  const blocker = useBlocker({ shouldBlockFn: () => unsaved, enableBeforeUnload: () => unsaved, withResolver: true });

  const changePeriod = (next: RegisterSearch) => {
    setSaveError(null);
    onSearchChange({ ...next, date: next.date && next.date !== today ? next.date : undefined });
  };

  const data = register.data;
  const className = data ? classLabel(data.class) : '';
  const studentCount = data?.students.length ?? 0;
  const taken = data ? takenAt(data, timeZone) : null;
  const fullyTaken = data ? data.markedCount >= data.students.length : false;
  const canSave = Boolean(data?.canMark && draft.marks && data.students.length > 0 && (unsaved || !fullyTaken));

  const onSave = () => {
    if (!data || !canSave) return;
    setSaveError(null);
    save.mutate(draft.body(data), {
      onSuccess: (result) => {
        draft.markSaved();
        onSaved?.();
        const count = result.successfulCount;
        const students = plural(count, { one: '# student', other: '# students' });
        const subject = data.subject.name;
        const told = alertsLine(result.absenceAlerts);
        setAlerts(told ? { key: registerKey(data), text: told } : null);
        toast.success(t`Attendance marked successfully`, {
          description: [t`${students} · ${subject} · Class ${className}`, told].filter(Boolean).join(' · '),
        });
      },
      onError: (error) => {
        setSaveError(error.message);
        toast.error(t`Failed to mark attendance`, { description: error.message });
      },
    });
  };

  const failed = register.isError && !data;
  const showPicker = pickerOpen || !ready || failed;
  const periodTitle = data
    ? data.subject.name
    : failed
      ? t`Choose another period`
      : ready
        ? t`Loading the register...`
        : t`Choose the period`;

  let hint = t`Tap only the students who are absent or late, then save.`;
  if (data && !data.canMark) hint = t`Registers open on their day.`;
  else if (unsaved) hint = plural(changes, { one: '# change not saved yet', other: '# changes not saved yet' });
  else if (fullyTaken && taken) hint = t`Saved at ${taken}`;

  let content: ReactNode = null;
  if (!ready) {
    content = null;
  } else if (register.isPending) {
    content = (
      <Card.Root aria-busy="true">
        <span className={css({ srOnly: true })}>
          <Trans>Loading the register...</Trans>
        </span>
        <div className={styles.skeletons}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h="20" />
          ))}
        </div>
      </Card.Root>
    );
  } else if (register.isError && !data) {
    content = (
      <Card.Root>
        <ErrorState
          as="h2"
          title={t`This register could not be opened`}
          description={register.error.message}
          onRetry={() => void register.refetch()}
          retrying={register.isFetching}
        />
      </Card.Root>
    );
  } else if (data && data.students.length === 0) {
    content = (
      <Card.Root>
        <EmptyState
          icon={Users}
          title={t`No students in this class`}
          description={t`Students enrolled in this class appear here to mark.`}
        />
      </Card.Root>
    );
  } else if (data && draft.marks) {
    const marks = draft.marks;
    content = (
      <>
        <RegisterNotice register={data} taken={taken} />
        {alerts && alerts.key === registerKey(data) ? <AlertsLine text={alerts.text} /> : null}
        <Card.Root aria-labelledby="register-list-title">
          <Card.Header className={styles.listHead}>
            <Card.Title id="register-list-title">
              <Trans>Students ({studentCount})</Trans>
            </Card.Title>
            <Button
              variant="ghost"
              size="md"
              onClick={() => draft.markAll('present')}
              disabled={!data.canMark || draft.counts.present === data.students.length}
            >
              <Trans>All present</Trans>
            </Button>
          </Card.Header>
          <ul className={styles.list}>
            {/* One boundary for every row, so the register's rows all appear together. */}
            <Suspense fallback={null}>
              {data.students.map((student) => {
                const mark = marks[student._id];
                const saved = student.attendance;
                const changed = saved
                  ? saved.status !== mark.status || (saved.remarks ?? '') !== mark.remarks.trim()
                  : mark.status !== 'present' || mark.remarks.trim() !== '';
                return (
                  <RegisterRow
                    key={student._id}
                    student={student}
                    mark={mark}
                    changed={changed && (unsaved || !saved)}
                    disabled={!data.canMark || save.isPending}
                    onChange={draft.setMark}
                  />
                );
              })}
            </Suspense>
          </ul>
        </Card.Root>
        <RegisterBar
          counts={draft.counts}
          hint={hint}
          error={saveError}
          saving={save.isPending}
          disabled={!canSave}
          onSave={onSave}
        />
      </>
    );
  }

  return (
    <div className={styles.root}>
      <Card.Root aria-labelledby="register-period-title">
        <Card.Header className={styles.periodHead} pb={showPicker ? '0' : '5'}>
          <div className={styles.periodText}>
            <Card.Title id="register-period-title">{periodTitle}</Card.Title>
            {data ? (
              <span className={styles.periodClass}>
                {t`Class ${className}`}
                {data.teacher ? ` · ${data.teacher.name}` : ''}
              </span>
            ) : null}
            <Card.Description>{formatLongDate(date)}</Card.Description>
          </div>
          {ready && !failed ? (
            <Button
              variant="outline"
              size="md"
              onClick={() => setPickerOpen((open) => !open)}
              aria-expanded={pickerOpen}
              aria-controls={pickerOpen ? 'register-period-picker' : undefined}
            >
              <Pencil size={16} aria-hidden="true" />
              {pickerOpen ? t`Done` : t`Change`}
            </Button>
          ) : null}
        </Card.Header>
        {showPicker ? (
          <Card.Body id="register-period-picker" pt="4">
            {choices.error && choices.classes.length === 0 ? (
              <ErrorState
                title={t`Your classes could not be loaded`}
                description={choices.error.message}
                onRetry={choices.retry}
              />
            ) : !choices.classesPending && choices.classes.length === 0 ? (
              <EmptyState
                icon={ClipboardCheck}
                title={t`No classes to take`}
                description={
                  source.audience === 'teacher'
                    ? t`No subjects are assigned to you yet. The school office assigns them.`
                    : t`Add classes on the Classroom Management screen first.`
                }
              />
            ) : (
              <PeriodPicker
                choices={choices}
                classId={classId}
                subjectId={subjectId}
                date={date}
                onChange={changePeriod}
              />
            )}
          </Card.Body>
        ) : null}
      </Card.Root>

      {content}

      <ConfirmDialog
        open={blocker.status === 'blocked'}
        onOpenChange={(open) => {
          if (!open) blocker.reset?.();
        }}
        title={t`Leave without saving?`}
        description={plural(changes, {
          one: '# change to this register will be lost.',
          other: '# changes to this register will be lost.',
        })}
        confirmLabel={t`Leave without saving`}
        onConfirm={() => blocker.proceed?.()}
      />
    </div>
  );
}
