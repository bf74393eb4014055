import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import * as Dialog from '~/components/ui/dialog';
import * as Field from '~/components/ui/field';
import { SimpleSelect } from '~/components/ui/select';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { type SchoolClass, type StudentRow, useDeleteStudent, useUpdateStudent } from '../api';
import { classLabel } from '../format';
import { requiredMessage, validateEdit } from '../schemas';
import { EnrolmentForm } from './enrolment-form';

const styles = {
  grid: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  lost: css({ fontSize: 'sm', color: 'fg.muted' }),
};

/** 'Enrol New Student': the whole enrolment form, since every new student gets accounts on the server. */
export function EnrolDialog({
  open,
  onClose,
  classes,
}: {
  open: boolean;
  onClose: () => void;
  classes: SchoolClass[];
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size="xl">
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Enrol New Student</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>The student and each parent or guardian get a sign-in account.</Trans>
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <EnrolmentForm idPrefix="enrol-modal" classes={classes} onEnrolled={onClose} onCancel={onClose} />
        </Dialog.Body>
      </Dialog.Surface>
    </Dialog.Root>
  );
}

const EDIT_FORM = 'edit-student-form';
type EditValues = { name: string; classId: string; rollNumber: string };

/** 'Edit Student': only name, class and roll number change here (spec-2). */
export function EditStudentDialog({
  student,
  classes,
  onClose,
}: {
  student: StudentRow | null;
  classes: SchoolClass[];
  onClose: () => void;
}) {
  const update = useUpdateStudent();
  const [values, setValues] = useState<EditValues>({ name: '', classId: '', rollNumber: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof EditValues, string>>>({});

  useEffect(() => {
    if (student) {
      setValues({ name: student.name, classId: student.classId?._id ?? '', rollNumber: student.rollNumber });
      setErrors({});
    }
  }, [student]);

  const set = (patch: Partial<EditValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof EditValues];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!student) return;
    const failed = validateEdit(values);
    if (failed) {
      setErrors(failed);
      toast.error(requiredMessage());
      return;
    }
    try {
      await update.mutateAsync({
        id: student._id,
        body: { name: values.name.trim(), classId: values.classId, rollNumber: values.rollNumber.trim() },
      });
      toast.success(t`Student updated successfully!`);
      onClose();
    } catch (error) {
      toast.error(t`Failed to update student`, {
        description: error instanceof ApiError ? error.message : undefined,
      });
    }
  };

  return (
    <Dialog.Root open={student !== null} onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Edit Student</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>Change the name, class or roll number.</Trans>
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <form id={EDIT_FORM} noValidate onSubmit={(event) => void submit(event)} className={styles.grid}>
            <Field.Root required invalid={Boolean(errors.name)}>
              <Field.Label>
                <Trans>Name</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input value={values.name} onChange={(event) => set({ name: event.target.value })} />
              <Field.ErrorText>{errors.name}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={Boolean(errors.classId)}>
              <SimpleSelect
                label={t`Class`}
                required
                invalid={Boolean(errors.classId)}
                placeholder={t`Select class`}
                options={classes.map((c) => ({ label: classLabel(c), value: c._id }))}
                value={values.classId}
                onValueChange={(classId) => set({ classId })}
              />
              <Field.ErrorText>{errors.classId}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={Boolean(errors.rollNumber)}>
              <Field.Label>
                <Trans>Roll Number</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input value={values.rollNumber} onChange={(event) => set({ rollNumber: event.target.value })} />
              <Field.ErrorText>{errors.rollNumber}</Field.ErrorText>
            </Field.Root>
          </form>
        </Dialog.Body>
        <Dialog.FormFooter form={EDIT_FORM} busy={update.isPending} loadingText={t`Saving...`} onCancel={onClose}>
          <Trans>Save Changes</Trans>
        </Dialog.FormFooter>
      </Dialog.Surface>
    </Dialog.Root>
  );
}

/** The spec's confirmation, and what deleting takes with it. */
export function DeleteStudentDialog({
  student,
  onClose,
  onDeleted,
}: {
  student: StudentRow | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteStudent();
  const confirm = async () => {
    if (!student) return;
    try {
      await remove.mutateAsync(student._id);
      toast.success(t`Student deleted successfully!`);
      onClose();
      onDeleted?.();
    } catch (error) {
      toast.error(t`Failed to delete student`, { description: error instanceof Error ? error.message : undefined });
    }
  };
  return (
    <ConfirmDialog
      open={student !== null}
      onOpenChange={(open) => !open && onClose()}
      title={student ? t`Delete ${student.name}?` : t`Delete student?`}
      description={t`Are you sure you want to delete this student? This action cannot be undone.`}
      confirmLabel={t`Delete Student`}
      busyLabel={t`Deleting...`}
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    >
      <p className={styles.lost}>
        <Trans>
          Their sign-in account, attendance marks and documents are deleted with them, and a parent with no other child
          in the school loses their account. Students with fee payments or a transfer certificate are kept: mark them
          inactive instead.
        </Trans>
      </p>
    </ConfirmDialog>
  );
}
