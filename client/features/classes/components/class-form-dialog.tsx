import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { PastYearNote } from '~/components/past-year-note';
import * as Dialog from '~/components/ui/dialog';
import * as Field from '~/components/ui/field';
import { FormSelect } from '~/components/ui/form-select';
import { toast } from '~/lib/toast';
import { CLASS_NAMES, type Classroom, SECTIONS, type Teacher, useSaveClass } from '../api';
import { failureToast } from '../messages';
import { type ClassFormValues, check, classFormSchema, type FieldErrors } from '../schemas';

const FORM_ID = 'class-form';

export const formStyles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '4' }),
  wide: css({ gridColumn: '1 / -1' }),
};

export type ClassFormMode = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; item: Classroom };

export interface ClassFormDialogProps {
  mode: ClassFormMode;
  teachers: Teacher[];
  /** The school's current academic year, shown as the default. */
  academicYear?: string;
  onClose: () => void;
}

function valuesOf(item: Classroom | null): ClassFormValues {
  return {
    name: item?.name ?? '',
    section: item?.section ?? '',
    teacherId: item?.teacherId?._id ?? '',
    capacity: item ? String(item.capacity) : '',
    room: item?.room ?? '',
    academicYear: item?.academicYear ?? '',
  };
}

/** 'Asha Rao (Senior Teacher)': the teacher's designation beside their name, where there is one. */
export function teacherLabel(teacher: Pick<Teacher, 'name' | 'designation'>) {
  const name = teacher.name;
  const designation = teacher.designation;
  return designation ? t`${name} (${designation})` : name;
}

/** 'Add New Class' and 'Edit Class'. */
export function ClassFormDialog({ mode, teachers, academicYear, onClose }: ClassFormDialogProps) {
  const editing = mode.kind === 'edit' ? mode.item : null;
  return (
    <Dialog.Root open={mode.kind !== 'closed'} onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>{editing ? t`Edit Class` : t`Add New Class`}</Dialog.Title>
          <Dialog.Description>
            <Trans>Fields marked * are required.</Trans>
          </Dialog.Description>
        </Dialog.Header>
        {mode.kind === 'closed' ? null : (
          <ClassForm
            key={editing?._id ?? 'new'}
            item={editing}
            teachers={teachers}
            academicYear={academicYear}
            onDone={onClose}
          />
        )}
      </Dialog.Surface>
    </Dialog.Root>
  );
}

interface ClassFormProps {
  item: Classroom | null;
  teachers: Teacher[];
  academicYear?: string;
  onDone: () => void;
}

function ClassForm({ item, teachers, academicYear, onDone }: ClassFormProps) {
  const [values, setValues] = useState(() => valuesOf(item));
  const [errors, setErrors] = useState<FieldErrors<ClassFormValues>>({});
  const save = useSaveClass();

  const set = (patch: Partial<ClassFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof ClassFormValues)[]) delete next[key];
      return next;
    });
  };

  // An inactive teacher stays selectable only where they already teach this class.
  const teacherOptions = teachers
    .filter((teacher) => teacher.isActive || teacher._id === item?.teacherId?._id)
    .map((teacher) => ({ label: teacherLabel(teacher), value: teacher._id }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(classFormSchema(), values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(checked.summary);
      return;
    }
    const { academicYear: year, ...rest } = checked.data;
    const body = year ? { ...rest, academicYear: year } : rest;
    try {
      await save.mutateAsync({ classId: item?._id, body });
      toast.success(item ? t`Class updated successfully` : t`Class created successfully`);
      onDone();
    } catch (error) {
      failureToast(item ? t`Failed to update class` : t`Failed to create class`, error);
    }
  };

  return (
    <>
      <Dialog.Body>
        <PastYearNote />
        <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)} className={formStyles.grid}>
          <FormSelect
            label={t`Class`}
            required
            placeholder={t`Select class`}
            options={CLASS_NAMES.map((name) => ({ label: t`Class ${name}`, value: name }))}
            value={values.name}
            onValueChange={(name) => set({ name })}
            error={errors.name}
          />
          <FormSelect
            label={t`Section`}
            required
            placeholder={t`Select section`}
            options={SECTIONS.map((section) => ({ label: t`Section ${section}`, value: section }))}
            value={values.section}
            onValueChange={(section) => set({ section })}
            error={errors.section}
          />
          <FormSelect
            label={t`Class Teacher`}
            required
            placeholder={teacherOptions.length ? t`Select teacher` : t`No teachers yet`}
            options={teacherOptions}
            value={values.teacherId}
            onValueChange={(teacherId) => set({ teacherId })}
            error={errors.teacherId}
            className={formStyles.wide}
            helperText={
              teacherOptions.length ? undefined : t`Add teachers in Employee Management, New Recruitment, first.`
            }
          />
          <Field.Root required invalid={Boolean(errors.capacity)}>
            <Field.Label>
              <Trans>Capacity</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            <Field.Input
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              step={1}
              value={values.capacity}
              onChange={(event) => set({ capacity: event.target.value })}
              placeholder={t`e.g. 40`}
            />
            <Field.ErrorText>{errors.capacity}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.room)}>
            <Field.Label>
              <Trans>Room</Trans>
            </Field.Label>
            <Field.Input
              value={values.room}
              onChange={(event) => set({ room: event.target.value })}
              placeholder={t`e.g. R-12`}
              maxLength={40}
            />
            <Field.ErrorText>{errors.room}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.academicYear)} className={formStyles.wide}>
            <Field.Label>
              <Trans>Academic Year</Trans>
            </Field.Label>
            <Field.Input
              value={values.academicYear}
              onChange={(event) => set({ academicYear: event.target.value })}
              placeholder={academicYear ?? '2024-2025'}
              maxLength={9}
            />
            {errors.academicYear ? null : (
              <Field.HelperText>
                {academicYear
                  ? t`Leave empty for the current year, ${academicYear}.`
                  : t`Leave empty for the current year.`}
              </Field.HelperText>
            )}
            <Field.ErrorText>{errors.academicYear}</Field.ErrorText>
          </Field.Root>
        </form>
      </Dialog.Body>
      <Dialog.FormFooter
        form={FORM_ID}
        busy={save.isPending}
        loadingText={item ? t`Saving...` : t`Creating...`}
        onCancel={onDone}
      >
        {item ? t`Save Changes` : t`Create Class`}
      </Dialog.FormFooter>
    </>
  );
}
