import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { PastYearNote } from '~/components/past-year-note';
import * as Dialog from '~/components/ui/dialog';
import * as Field from '~/components/ui/field';
import { FormSelect } from '~/components/ui/form-select';
import { Textarea } from '~/components/ui/textarea';
import { i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import {
  type Classroom,
  SUBJECT_TYPES,
  type Subject,
  type SubjectType,
  type Teacher,
  useCreateSubject,
  useUpdateSubject,
} from '../api';
import { byClass, classLabel, TYPE_LABELS } from '../format';
import { failureToast } from '../messages';
import { check, type FieldErrors, type SubjectFormValues, subjectFormSchema } from '../schemas';
import { formStyles } from './class-form-dialog';

const FORM_ID = 'subject-form';

export type SubjectFormMode =
  | { kind: 'closed' }
  | { kind: 'create'; classId?: string }
  | { kind: 'edit'; item: Subject };

export interface SubjectFormDialogProps {
  mode: SubjectFormMode;
  classes: Classroom[];
  teachers: Teacher[];
  onClose: () => void;
}

function valuesOf(mode: SubjectFormMode): SubjectFormValues {
  const item = mode.kind === 'edit' ? mode.item : null;
  return {
    name: item?.name ?? '',
    code: item?.code ?? '',
    description: item?.description ?? '',
    classId: item?.classId?._id ?? (mode.kind === 'create' ? (mode.classId ?? '') : ''),
    teacherId: item?.teacherId?._id ?? '',
    credits: String(item?.credits ?? 1),
    type: item?.type ?? 'core',
  };
}

export function teacherChoices(teachers: Teacher[], keepId?: string | null) {
  return teachers
    .filter((teacher) => teacher.isActive || teacher._id === keepId)
    .map((teacher) => ({ label: teacher.name, value: teacher._id }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

const taughtIn = (label: string) => t`Taught in class ${label}. Fields marked * are required.`;
const classOption = (label: string) => t`Class ${label}`;

/** 'Add New Subject', and the subject-allocation edit (name, code, credits, type, description, teacher). */
export function SubjectFormDialog({ mode, classes, teachers, onClose }: SubjectFormDialogProps) {
  const editing = mode.kind === 'edit' ? mode.item : null;
  return (
    <Dialog.Root open={mode.kind !== 'closed'} onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>{editing ? t`Edit Subject` : t`Add New Subject`}</Dialog.Title>
          <Dialog.Description>
            {editing?.classId ? taughtIn(classLabel(editing.classId)) : t`Fields marked * are required.`}
          </Dialog.Description>
        </Dialog.Header>
        {mode.kind === 'closed' ? null : (
          <SubjectForm
            key={editing?._id ?? `new-${mode.kind === 'create' ? mode.classId : ''}`}
            mode={mode}
            classes={classes}
            teachers={teachers}
            onDone={onClose}
          />
        )}
      </Dialog.Surface>
    </Dialog.Root>
  );
}

interface SubjectFormProps {
  mode: SubjectFormMode;
  classes: Classroom[];
  teachers: Teacher[];
  onDone: () => void;
}

function SubjectForm({ mode, classes, teachers, onDone }: SubjectFormProps) {
  const item = mode.kind === 'edit' ? mode.item : null;
  const [values, setValues] = useState(() => valuesOf(mode));
  const [errors, setErrors] = useState<FieldErrors<SubjectFormValues>>({});
  const create = useCreateSubject();
  const update = useUpdateSubject();
  const pending = create.isPending || update.isPending;

  const set = (patch: Partial<SubjectFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof SubjectFormValues)[]) delete next[key];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(subjectFormSchema(), values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(checked.summary);
      return;
    }
    const { classId, ...changes } = checked.data;
    try {
      if (item) {
        await update.mutateAsync({ subjectId: item._id, changes });
        toast.success(t`Subject updated successfully`);
      } else {
        await create.mutateAsync({ ...changes, classId });
        toast.success(t`Subject created successfully`);
      }
      onDone();
    } catch (error) {
      failureToast(item ? t`Failed to update subject` : t`Failed to create subject`, error);
    }
  };

  const classOptions = [...classes].sort(byClass).map((c) => ({ label: classOption(classLabel(c)), value: c._id }));

  return (
    <>
      <Dialog.Body>
        <PastYearNote />
        <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)} className={formStyles.grid}>
          <Field.Root required invalid={Boolean(errors.name)}>
            <Field.Label>
              <Trans>Subject Name</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            <Field.Input
              value={values.name}
              onChange={(event) => set({ name: event.target.value })}
              placeholder={t`e.g. Mathematics`}
              maxLength={100}
            />
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.code)}>
            <Field.Label>
              <Trans>Code</Trans>
            </Field.Label>
            <Field.Input
              value={values.code}
              onChange={(event) => set({ code: event.target.value })}
              placeholder={t`e.g. MATH-8`}
              maxLength={20}
            />
            <Field.ErrorText>{errors.code}</Field.ErrorText>
          </Field.Root>
          {item ? null : (
            <FormSelect
              label={t`Class`}
              required
              placeholder={t`Select class`}
              options={classOptions}
              value={values.classId}
              onValueChange={(classId) => set({ classId })}
              error={errors.classId}
            />
          )}
          <FormSelect
            label={t`Teacher`}
            required
            placeholder={t`Select teacher`}
            options={teacherChoices(teachers, item?.teacherId?._id)}
            value={values.teacherId}
            onValueChange={(teacherId) => set({ teacherId })}
            error={errors.teacherId}
            className={item ? formStyles.wide : undefined}
          />
          <FormSelect
            label={t`Type`}
            required
            options={SUBJECT_TYPES.map((type) => ({ label: i18n._(TYPE_LABELS[type]), value: type }))}
            value={values.type}
            onValueChange={(type) => set({ type: (type || 'core') as SubjectType })}
            error={errors.type}
          />
          <Field.Root required invalid={Boolean(errors.credits)}>
            <Field.Label>
              <Trans>Credits</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            <Field.Input
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              step={1}
              value={values.credits}
              onChange={(event) => set({ credits: event.target.value })}
              placeholder={t`1 to 10`}
            />
            <Field.ErrorText>{errors.credits}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.description)} className={formStyles.wide}>
            <Field.Label>
              <Trans>Description</Trans>
            </Field.Label>
            <Textarea
              value={values.description}
              onChange={(event) => set({ description: event.target.value })}
              rows={3}
              maxLength={500}
            />
            <Field.ErrorText>{errors.description}</Field.ErrorText>
          </Field.Root>
        </form>
      </Dialog.Body>
      <Dialog.FormFooter
        form={FORM_ID}
        busy={pending}
        loadingText={item ? t`Saving...` : t`Creating...`}
        onCancel={onDone}
      >
        {item ? t`Save Changes` : t`Create Subject`}
      </Dialog.FormFooter>
    </>
  );
}
