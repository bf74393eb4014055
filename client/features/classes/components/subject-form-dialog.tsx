import { type FormEvent, useState } from 'react';
import * as Dialog from '~/components/ui/dialog';
import * as Field from '~/components/ui/field';
import { FormSelect } from '~/components/ui/form-select';
import { Textarea } from '~/components/ui/textarea';
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
    .filter((t) => t.isActive || t._id === keepId)
    .map((t) => ({ label: t.name, value: t._id }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** 'Add New Subject', and the subject-allocation edit (name, code, credits, type, description, teacher). */
export function SubjectFormDialog({ mode, classes, teachers, onClose }: SubjectFormDialogProps) {
  const editing = mode.kind === 'edit' ? mode.item : null;
  return (
    <Dialog.Root open={mode.kind !== 'closed'} onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>{editing ? 'Edit Subject' : 'Add New Subject'}</Dialog.Title>
          <Dialog.Description>
            {editing?.classId
              ? `Taught in class ${classLabel(editing.classId)}. Fields marked * are required.`
              : 'Fields marked * are required.'}
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
    const checked = check(subjectFormSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(checked.summary);
      return;
    }
    const { classId, ...changes } = checked.data;
    try {
      if (item) {
        await update.mutateAsync({ subjectId: item._id, changes });
        toast.success('Subject updated successfully');
      } else {
        await create.mutateAsync({ ...changes, classId });
        toast.success('Subject created successfully');
      }
      onDone();
    } catch (error) {
      failureToast(item ? 'Failed to update subject' : 'Failed to create subject', error);
    }
  };

  const classOptions = [...classes].sort(byClass).map((c) => ({ label: `Class ${classLabel(c)}`, value: c._id }));

  return (
    <>
      <Dialog.Body>
        <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)} className={formStyles.grid}>
          <Field.Root required invalid={Boolean(errors.name)}>
            <Field.Label>
              Subject Name
              <Field.RequiredIndicator />
            </Field.Label>
            <Field.Input
              value={values.name}
              onChange={(event) => set({ name: event.target.value })}
              placeholder="e.g. Mathematics"
              maxLength={100}
            />
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.code)}>
            <Field.Label>Code</Field.Label>
            <Field.Input
              value={values.code}
              onChange={(event) => set({ code: event.target.value })}
              placeholder="e.g. MATH-8"
              maxLength={20}
            />
            <Field.ErrorText>{errors.code}</Field.ErrorText>
          </Field.Root>
          {item ? null : (
            <FormSelect
              label="Class"
              required
              placeholder="Select class"
              options={classOptions}
              value={values.classId}
              onValueChange={(classId) => set({ classId })}
              error={errors.classId}
            />
          )}
          <FormSelect
            label="Teacher"
            required
            placeholder="Select teacher"
            options={teacherChoices(teachers, item?.teacherId?._id)}
            value={values.teacherId}
            onValueChange={(teacherId) => set({ teacherId })}
            error={errors.teacherId}
            className={item ? formStyles.wide : undefined}
          />
          <FormSelect
            label="Type"
            required
            options={SUBJECT_TYPES.map((type) => ({ label: TYPE_LABELS[type], value: type }))}
            value={values.type}
            onValueChange={(type) => set({ type: (type || 'core') as SubjectType })}
            error={errors.type}
          />
          <Field.Root required invalid={Boolean(errors.credits)}>
            <Field.Label>
              Credits
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
              placeholder="1 to 10"
            />
            <Field.ErrorText>{errors.credits}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.description)} className={formStyles.wide}>
            <Field.Label>Description</Field.Label>
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
        loadingText={item ? 'Saving...' : 'Creating...'}
        onCancel={onDone}
      >
        {item ? 'Save Changes' : 'Create Subject'}
      </Dialog.FormFooter>
    </>
  );
}
