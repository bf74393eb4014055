import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { Pencil, Trash2, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { SaveBar } from '~/components/save-bar';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { preloadable } from '~/components/ui/lazy-part';
import { Skeleton } from '~/components/ui/skeleton';
import { classLabel } from '~/lib/class-label';
import { schoolFormat, schoolToday } from '~/lib/school-time';
import { toast } from '~/lib/toast';
import { assessmentsQuery, sheetQuery, useDeleteAssessment, useLiveSheet, useSaveMarks } from '../api';
import { type MarksSource, useMarkChoices } from '../choices';
import { useMarksDraft } from '../draft';
import type { MarksSearch } from '../search';
import { MarkRow } from './mark-row';
import { MarksPickers } from './marks-pickers';

// The assessment form (its date field, selects and rules) is not needed to draw the sheet: it loads once the sheet
// is drawn, or when "New assessment" is pressed before that.
const assessmentForm = preloadable(() => import('./assessment-dialog'));
const AssessmentDialog = lazy(() => assessmentForm.load().then((m) => ({ default: m.AssessmentDialog })));

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
  choiceHead: css({
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'flex-start' },
    justifyContent: 'space-between',
    gap: '3',
  }),
  headActions: css({ display: 'flex', gap: '2', flexShrink: '0' }),
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

export interface MarksScreenProps {
  source: MarksSource;
  /** The school's zone: a new assessment is dated today there. */
  timeZone?: string | null;
  search: MarksSearch;
  onSearchChange: (next: MarksSearch) => void;
}

/**
 * A teacher's marks for one assessment, phone first: class, subject and assessment, then the class list with a
 * number box per student (or absent, or exempt), and one button at the bottom that saves them all at once.
 */
export function MarksScreen({ source, timeZone, search, onSearchChange }: MarksScreenProps) {
  const { client } = source;
  const { classId, subjectId, assessmentId } = search;
  useEffect(() => void assessmentForm.load(), []);
  const choices = useMarkChoices(source, classId);
  const assessments = useQuery({
    ...assessmentsQuery(client, classId ?? '', subjectId ?? ''),
    enabled: Boolean(classId && subjectId),
  });
  const sheet = useQuery({ ...sheetQuery(client, assessmentId ?? ''), enabled: Boolean(assessmentId) });
  useLiveSheet(assessmentId);
  const draft = useMarksDraft(sheet.data);
  const save = useSaveMarks(client, assessmentId ?? '');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [editing, setEditing] = useState<'new' | 'current' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteAssessment(client);
  const { subjects } = choices;
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
        <SaveBar
          label={t`Save the marks`}
          summary={t`${entered} of ${studentCount} entered`}
          hint={hint}
          error={saveError}
          saving={save.isPending}
          disabled={!canSave}
          onSave={onSave}
          saveLabel={<Trans>Save marks</Trans>}
        />
      </>
    );
  }

  const office = source.audience === 'admin';
  // A teacher deletes their assessments until the term's report cards are published; the office deletes any.
  const mayDelete = Boolean(data && (office || !data.reportCardsPublished));
  const doomed = data?.assessment.title ?? '';
  const marked = data?.assessment.markedCount ?? 0;
  const deleteText =
    marked === 0
      ? t`${doomed} has no marks yet. It is removed from the class's assessments.`
      : plural(marked, {
          one: 'This assessment has # mark. Delete it and its marks?',
          other: 'This assessment has # marks. Delete it and its marks?',
        });
  const today = schoolToday(timeZone);
  const onDelete = () => {
    if (!data) return;
    const title = data.assessment.title;
    remove.mutate(
      { id: data.assessment._id, marks: data.assessment.markedCount },
      {
        onSuccess: () => {
          toast.success(t`Assessment ${title} deleted`);
          setDeleting(false);
          onSearchChange({ classId, subjectId });
        },
        onError: (error) => {
          toast.error(t`Failed to delete the assessment`, { description: error.message });
          setDeleting(false);
        },
      },
    );
  };

  return (
    <div className={styles.root}>
      <Card.Root aria-labelledby="marks-choice-title">
        <Card.Header className={styles.choiceHead}>
          <div>
            <Card.Title id="marks-choice-title">{data ? data.assessment.title : t`Choose the assessment`}</Card.Title>
            {data ? (
              <Card.Description>{classAndDay(data.assessment.class, data.assessment.date)}</Card.Description>
            ) : null}
          </div>
          {data ? (
            <div className={styles.headActions}>
              <Button variant="outline" size="sm" onClick={() => setEditing('current')}>
                <Pencil size={14} aria-hidden="true" />
                <Trans>Edit assessment</Trans>
              </Button>
              {mayDelete ? (
                <Button variant="outline" size="sm" onClick={() => setDeleting(true)}>
                  <Trash2 size={14} aria-hidden="true" />
                  <Trans>Delete</Trans>
                </Button>
              ) : null}
            </div>
          ) : null}
        </Card.Header>
        <Card.Body>
          <MarksPickers
            choices={choices}
            office={office}
            search={search}
            onSearchChange={onSearchChange}
            assessment={{ options: assessmentOptions, pending: assessments.isPending, onNew: () => setEditing('new') }}
          />
        </Card.Body>
      </Card.Root>

      {editing && classId && subjectId ? (
        <Suspense fallback={null}>
          <AssessmentDialog
            key={editing === 'new' ? 'new' : assessmentId}
            client={client}
            open
            onOpenChange={(open) => !open && setEditing(null)}
            classId={classId}
            subjectId={subjectId}
            assessment={editing === 'current' && data ? data.assessment : null}
            today={today}
            onSaved={(id) => {
              setEditing(null);
              if (id !== assessmentId) onSearchChange({ classId, subjectId, assessmentId: id });
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(false);
        }}
        title={t`Delete this assessment?`}
        description={deleteText}
        confirmLabel={t`Delete assessment`}
        busyLabel={t`Deleting...`}
        loading={remove.isPending}
        onConfirm={onDelete}
      />

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
