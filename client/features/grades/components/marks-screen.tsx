import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { ClipboardList, Save, TriangleAlert, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { SimpleSelect } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import type { ApiClient } from '~/lib/api';
import { classLabel } from '~/lib/class-label';
import { schoolFormat } from '~/lib/school-time';
import { toast } from '~/lib/toast';
import { assessmentsQuery, sheetQuery, teachingQuery, useLiveSheet, useSaveMarks } from '../api';
import { useMarksDraft } from '../draft';
import type { MarksSearch } from '../search';
import { MarkRow } from './mark-row';

/** An assessment's calendar day in the reader's language ('20 Nov 2026'). */
const dayOf = (date: string) =>
  schoolFormat({ day: 'numeric', month: 'short', year: 'numeric' }, 'UTC').format(new Date(`${date}T00:00:00Z`));

function classAndDay(klass: { name: string; section: string }, date: string) {
  const name = classLabel(klass);
  const day = dayOf(date);
  return t`Class ${name} · ${day}`;
}

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '4', pb: '4' }),
  pickers: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: '3' }),
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
  bar: css({
    position: 'sticky',
    bottom: { base: '0', md: '4' },
    zIndex: 'docked',
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) auto' },
    alignItems: 'center',
    gap: { base: '2', md: '4' },
    mx: { base: '-4', md: '0' },
    px: { base: '4', md: '5' },
    pt: '3',
    pb: 'max(token(spacing.3), env(safe-area-inset-bottom))',
    bg: 'surface',
    borderTopWidth: '1px',
    borderWidth: { md: '1px' },
    borderColor: 'border',
    borderRadius: { base: '0', md: 'card' },
    boxShadow: 'overlay',
  }),
  counts: css({ fontWeight: 'semibold', fontSize: { base: 'md', md: 'sm' }, fontVariantNumeric: 'tabular-nums' }),
  hint: css({ fontSize: 'xs', color: 'fg.muted' }),
  error: css({ gridColumn: '1 / -1', display: 'flex', gap: '2', fontSize: 'sm', color: 'danger.fg' }),
  save: css({ w: { base: 'full', md: 'auto' }, minW: { md: '44' } }),
};

const byLabel = (a: { label: string }, b: { label: string }) =>
  a.label.localeCompare(b.label, undefined, { numeric: true });

export interface MarksScreenProps {
  client: ApiClient;
  teacherId: string;
  search: MarksSearch;
  onSearchChange: (next: MarksSearch) => void;
}

/**
 * A teacher's marks for one assessment, phone first: class, subject and assessment, then the class list with a
 * number box per student (or absent, or exempt), and one button at the bottom that saves them all at once.
 */
export function MarksScreen({ client, teacherId, search, onSearchChange }: MarksScreenProps) {
  const { classId, subjectId, assessmentId } = search;
  const teaching = useQuery(teachingQuery(client, teacherId));
  const assessments = useQuery({
    ...assessmentsQuery(client, classId ?? '', subjectId ?? ''),
    enabled: Boolean(classId && subjectId),
  });
  const sheet = useQuery({ ...sheetQuery(client, assessmentId ?? ''), enabled: Boolean(assessmentId) });
  useLiveSheet(assessmentId);
  const draft = useMarksDraft(sheet.data);
  const save = useSaveMarks(client, assessmentId ?? '');
  const [saveError, setSaveError] = useState<string | null>(null);

  const taught = (teaching.data?.assignedSubjects ?? []).filter((s) => s.classId);
  const classes = [...new Map(taught.map((s) => [s.classId?._id ?? '', s.classId])).values()]
    .flatMap((c) => (c ? [{ value: c._id, label: classLabel(c) }] : []))
    .sort(byLabel);
  const subjects = taught
    .filter((s) => s.classId?._id === classId)
    .map((s) => ({ value: s._id, label: s.name }))
    .sort(byLabel);
  const assessmentOptions = (assessments.data ?? []).map((a) => ({
    value: a._id,
    label: `${a.title} · ${dayOf(a.date)}`,
  }));

  // A class with a single subject of this teacher's needs no second choice.
  const onlySubject = subjects.length === 1 ? subjects[0].value : undefined;
  useEffect(() => {
    if (classId && !subjectId && onlySubject) onSearchChange({ classId, subjectId: onlySubject });
  }, [classId, subjectId, onlySubject, onSearchChange]);

  const changes = draft.changedIds.length;
  const unsaved = changes > 0;
  const blocker = useBlocker({ shouldBlockFn: () => unsaved, enableBeforeUnload: () => unsaved, withResolver: true });
  const data = sheet.data;
  const max = data?.assessment.maxMarks ?? 0;
  const canSave = Boolean(data && unsaved && draft.invalidIds.length === 0 && !save.isPending);

  const onSave = () => {
    if (!data || !canSave) return;
    setSaveError(null);
    save.mutate(draft.body(), {
      onSuccess: (result) => {
        const saved = plural(result.saved, { one: '# mark', other: '# marks' });
        const title = data.assessment.title;
        toast.success(t`Marks saved successfully`, { description: t`${saved} · ${title}` });
      },
      onError: (error) => {
        setSaveError(error.message);
        toast.error(t`Failed to save marks`, { description: error.message });
      },
    });
  };

  let hint = t`Type each student's marks, or mark them absent or exempt, then save.`;
  if (draft.invalidIds.length > 0) hint = t`Each mark is a number from 0 to ${max}, with at most 2 decimals.`;
  else if (unsaved) hint = plural(changes, { one: '# change not saved yet', other: '# changes not saved yet' });

  let content = null;
  if (!assessmentId) content = null;
  else if (sheet.isPending)
    content = (
      <Card.Root aria-busy="true">
        <div className={styles.skeletons}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="16" />
          ))}
        </div>
      </Card.Root>
    );
  else if (sheet.isError && !data)
    content = (
      <Card.Root>
        <ErrorState
          as="h2"
          title={t`These marks could not be opened`}
          description={sheet.error.message}
          onRetry={() => void sheet.refetch()}
          retrying={sheet.isFetching}
        />
      </Card.Root>
    );
  else if (data && data.students.length === 0)
    content = (
      <Card.Root>
        <EmptyState
          icon={Users}
          title={t`No students in this class`}
          description={t`Students enrolled in this class appear here.`}
        />
      </Card.Root>
    );
  else if (data && draft.marks) {
    const marks = draft.marks;
    const studentCount = data.students.length;
    const entered = draft.enteredCount;
    content = (
      <>
        <Card.Root aria-labelledby="marks-list-title">
          <Card.Header className={styles.listHead}>
            <div>
              <Card.Title id="marks-list-title">
                <Trans>Students ({studentCount})</Trans>
              </Card.Title>
              <Card.Description>{t`Out of ${max} · ${data.assessment.subject.name} · ${data.assessment.term.name}`}</Card.Description>
            </div>
          </Card.Header>
          <ul className={styles.list}>
            {data.students.map((student) => (
              <MarkRow
                key={student._id}
                student={student}
                mark={marks[student._id]}
                maxMarks={max}
                changed={draft.changedIds.includes(student._id)}
                invalid={draft.invalidIds.includes(student._id)}
                disabled={save.isPending}
                onChange={draft.setMark}
              />
            ))}
          </ul>
        </Card.Root>
        <section className={styles.bar} aria-label={t`Save the marks`}>
          {saveError ? (
            <p className={styles.error} role="alert">
              <TriangleAlert size={16} aria-hidden="true" />
              <span>{saveError}</span>
            </p>
          ) : null}
          <div>
            <p className={styles.counts} aria-live="polite">
              {t`${entered} of ${studentCount} entered`}
            </p>
            <p className={styles.hint}>{hint}</p>
          </div>
          <Button
            size="lg"
            className={styles.save}
            onClick={onSave}
            loading={save.isPending}
            loadingText={t`Saving...`}
            disabled={!canSave}
          >
            <Save size={18} aria-hidden="true" />
            <Trans>Save marks</Trans>
          </Button>
        </section>
      </>
    );
  }

  return (
    <div className={styles.root}>
      <Card.Root aria-labelledby="marks-choice-title">
        <Card.Header>
          <Card.Title id="marks-choice-title">{data ? data.assessment.title : t`Choose the assessment`}</Card.Title>
          {data ? (
            <Card.Description>{classAndDay(data.assessment.class, data.assessment.date)}</Card.Description>
          ) : null}
        </Card.Header>
        <Card.Body>
          {teaching.isError ? (
            <ErrorState
              title={t`Your classes could not be loaded`}
              description={teaching.error.message}
              onRetry={() => void teaching.refetch()}
            />
          ) : !teaching.isPending && classes.length === 0 ? (
            <EmptyState
              icon={ClipboardList}
              title={t`No classes to mark`}
              description={t`No subjects are assigned to you yet. The school office assigns them.`}
            />
          ) : (
            <div className={styles.pickers}>
              <SimpleSelect
                label={t`Class`}
                options={classes}
                value={classId ?? ''}
                onValueChange={(value) => value && value !== classId && onSearchChange({ classId: value })}
                placeholder={teaching.isPending ? t`Loading classes...` : t`Select a class`}
                disabled={teaching.isPending}
              />
              <SimpleSelect
                label={t`Subject`}
                options={subjects}
                value={subjectId ?? ''}
                onValueChange={(value) => value && value !== subjectId && onSearchChange({ classId, subjectId: value })}
                placeholder={classId ? t`Select a subject` : t`Select a class first`}
                disabled={!classId}
              />
              <SimpleSelect
                label={t`Assessment`}
                options={assessmentOptions}
                value={assessmentId ?? ''}
                onValueChange={(value) =>
                  value && value !== assessmentId && onSearchChange({ classId, subjectId, assessmentId: value })
                }
                placeholder={
                  !subjectId
                    ? t`Select a subject first`
                    : assessments.isPending
                      ? t`Loading assessments...`
                      : assessmentOptions.length === 0
                        ? t`No assessments yet`
                        : t`Select an assessment`
                }
                disabled={!subjectId || assessmentOptions.length === 0}
              />
            </div>
          )}
        </Card.Body>
      </Card.Root>

      {content}

      <ConfirmDialog
        open={blocker.status === 'blocked'}
        onOpenChange={(open) => {
          if (!open) blocker.reset?.();
        }}
        title={t`Leave without saving?`}
        description={plural(changes, {
          one: '# change to these marks will be lost.',
          other: '# changes to these marks will be lost.',
        })}
        confirmLabel={t`Leave without saving`}
        onConfirm={() => blocker.proceed?.()}
      />
    </div>
  );
}
