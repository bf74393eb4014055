import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Dialog from '~/components/ui/dialog';
import * as Field from '~/components/ui/field';
import { FormSelect } from '~/components/ui/form-select';
import { SimpleSelect } from '~/components/ui/select';
import { currentLanguage, i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import {
  type Classroom,
  SUBJECT_TYPES,
  type Subject,
  type Teacher,
  useAssignSubjectTeacher,
  useCreateSubject,
  useDeleteSubject,
} from '../api';
import { classLabel, TYPE_LABELS } from '../format';
import { failureToast } from '../messages';
import { check, type FieldErrors, type SubjectFormValues, subjectFormSchema } from '../schemas';
import { teacherChoices } from './subject-form-dialog';

const styles = {
  list: css({
    display: 'flex',
    flexDirection: 'column',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
  }),
  item: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'minmax(0, 1fr) minmax(0, 14rem) auto' },
    alignItems: 'center',
    gap: '3',
    px: '3',
    py: '2.5',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
  }),
  who: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  name: css({ fontWeight: 'medium' }),
  meta: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'xs', color: 'fg.muted' }),
  confirm: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: '2' }),
  confirmText: css({ fontSize: 'sm', color: 'danger.fg' }),
  empty: css({ px: '3', py: '6', textAlign: 'center', color: 'fg.muted', fontSize: 'sm' }),
  heading: css({ fontSize: 'sm', fontWeight: 'semibold', mb: '3' }),
  addSection: css({ mt: '6', pt: '5', borderTopWidth: '1px', borderColor: 'border' }),
  addGrid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
    gap: '4',
    alignItems: 'start',
  }),
  addActions: css({ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }),
};

export interface ManageSubjectsDialogProps {
  klass: Classroom | null;
  subjects: Subject[];
  teachers: Teacher[];
  onClose: () => void;
}

function subjectsHeading(count: number) {
  const shown = new Intl.NumberFormat(currentLanguage()).format(count);
  return t`Subjects (${shown})`;
}
const creditCount = (credits: number) => plural(credits, { one: '# credit', other: '# credits' });
const teacherOf = (name: string) => t`Teacher of ${name}`;
const removeLabel = (name: string) => t`Remove ${name}`;

/** A class's subjects: change each one's teacher, remove it, or add a new one. */
export function ManageSubjectsDialog({ klass, subjects, teachers, onClose }: ManageSubjectsDialogProps) {
  return (
    <Dialog.Root open={klass !== null} onOpenChange={(details) => !details.open && onClose()} size="lg">
      <Dialog.Surface>
        {klass ? <ManageSubjects klass={klass} subjects={subjects} teachers={teachers} onClose={onClose} /> : null}
      </Dialog.Surface>
    </Dialog.Root>
  );
}

function ManageSubjects({
  klass,
  subjects,
  teachers,
  onClose,
}: Omit<ManageSubjectsDialogProps, 'klass'> & { klass: Classroom }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const assign = useAssignSubjectTeacher();
  const remove = useDeleteSubject();
  const label = classLabel(klass);
  const own = useMemo(
    () => subjects.filter((s) => s.classId?._id === klass._id).sort((a, b) => a.name.localeCompare(b.name)),
    [subjects, klass],
  );

  const changeTeacher = async (subject: Subject, teacherId: string) => {
    if (!teacherId || teacherId === subject.teacherId?._id) return;
    try {
      await assign.mutateAsync({ subjectId: subject._id, teacherId });
      toast.success(t`Subject assigned to teacher successfully`);
    } catch (error) {
      failureToast(t`Failed to assign subject to teacher`, error);
    }
  };
  const doRemove = async (subject: Subject) => {
    try {
      await remove.mutateAsync(subject._id);
      toast.success(t`Subject removed successfully`);
      setConfirming(null);
    } catch (error) {
      failureToast(t`Failed to remove subject`, error);
    }
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>
          <Trans>Manage Subjects · Class {label}</Trans>
        </Dialog.Title>
        <Dialog.Description>
          <Trans>Change who teaches each subject, remove one, or add a new one.</Trans>
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <h3 className={styles.heading}>{subjectsHeading(own.length)}</h3>
        <ul className={styles.list} aria-label={t`Subjects of ${label}`}>
          {own.length === 0 ? (
            <li className={styles.empty}>
              <Trans>No subjects in this class yet. Add the first one below.</Trans>
            </li>
          ) : (
            own.map((subject) => (
              <li key={subject._id} className={styles.item}>
                <span className={styles.who}>
                  <span className={styles.name}>{subject.name}</span>
                  <span className={styles.meta}>
                    {subject.code ? <span>{subject.code}</span> : null}
                    <Badge size="sm">{i18n._(TYPE_LABELS[subject.type])}</Badge>
                    <span>{creditCount(subject.credits)}</span>
                  </span>
                </span>
                <SimpleSelect
                  label={teacherOf(subject.name)}
                  hideLabel
                  placeholder={t`Not assigned`}
                  options={teacherChoices(teachers, subject.teacherId?._id)}
                  value={subject.teacherId?._id ?? ''}
                  onValueChange={(teacherId) => void changeTeacher(subject, teacherId)}
                  disabled={assign.isPending}
                />
                {confirming === subject._id ? (
                  <span className={styles.confirm}>
                    <span className={styles.confirmText}>
                      <Trans>Remove with its timetable slots?</Trans>
                    </span>
                    <Button size="sm" variant="outline" onClick={() => setConfirming(null)} disabled={remove.isPending}>
                      <Trans>Cancel</Trans>
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => void doRemove(subject)}
                      loading={remove.isPending}
                      loadingText={t`Removing...`}
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={removeLabel(subject.name)}
                    onClick={() => setConfirming(subject._id)}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                    <Trans>Remove</Trans>
                  </Button>
                )}
              </li>
            ))
          )}
        </ul>
        <AddSubjectForm klass={klass} teachers={teachers} />
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </Dialog.Footer>
    </>
  );
}

const blank = (classId: string): SubjectFormValues => ({
  name: '',
  code: '',
  description: '',
  classId,
  teacherId: '',
  credits: '1',
  type: 'core',
});

function AddSubjectForm({ klass, teachers }: { klass: Classroom; teachers: Teacher[] }) {
  const [values, setValues] = useState(() => blank(klass._id));
  const [errors, setErrors] = useState<FieldErrors<SubjectFormValues>>({});
  const create = useCreateSubject();
  const set = (patch: Partial<SubjectFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(subjectFormSchema(), values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(checked.summary);
      return;
    }
    try {
      await create.mutateAsync(checked.data);
      toast.success(t`Subject created successfully`);
      setValues(blank(klass._id));
    } catch (error) {
      failureToast(t`Failed to create subject`, error);
    }
  };

  return (
    <section className={styles.addSection} aria-labelledby="add-subject-heading">
      <h3 id="add-subject-heading" className={styles.heading}>
        <Trans>Add new subject</Trans>
      </h3>
      <form noValidate onSubmit={(event) => void submit(event)} className={styles.addGrid}>
        <Field.Root required invalid={Boolean(errors.name)}>
          <Field.Label>
            <Trans>Subject Name</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Field.Input
            value={values.name}
            onChange={(event) => set({ name: event.target.value })}
            placeholder={t`e.g. Computer Science`}
            maxLength={100}
          />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <FormSelect
          label={t`Teacher`}
          required
          placeholder={t`Select teacher`}
          options={teacherChoices(teachers)}
          value={values.teacherId}
          onValueChange={(teacherId) => set({ teacherId })}
          error={errors.teacherId}
        />
        <FormSelect
          label={t`Type`}
          options={SUBJECT_TYPES.map((type) => ({ label: i18n._(TYPE_LABELS[type]), value: type }))}
          value={values.type}
          onValueChange={(type) => set({ type: type || 'core' })}
        />
        <Field.Root invalid={Boolean(errors.credits)}>
          <Field.Label>
            <Trans>Credits</Trans>
          </Field.Label>
          <Field.Input
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            step={1}
            value={values.credits}
            onChange={(event) => set({ credits: event.target.value })}
          />
          <Field.ErrorText>{errors.credits}</Field.ErrorText>
        </Field.Root>
        <div className={styles.addActions}>
          <Button type="submit" variant="subtle" loading={create.isPending} loadingText={t`Adding...`}>
            <Plus size={16} aria-hidden="true" />
            <Trans>Add Subject</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}
