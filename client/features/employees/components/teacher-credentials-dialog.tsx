import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { AskNewPassword } from '~/components/ui/ask-new-password';
import * as Dialog from '~/components/ui/dialog';
import { Notice } from '~/components/ui/notice';
import { toast } from '~/lib/toast';
import { type Teacher, useCreateTeacher } from '../api';
import {
  checkSimpleTeacher,
  emailExists,
  isEmailTaken,
  officePasswordHint,
  type SimpleField,
  type SimpleTeacherForm,
} from '../validation';
import { formStyles, PasswordField, TextField, useFieldForm } from './form-parts';

const FORM_ID = 'teacher-credentials-form';
const EMPTY: SimpleTeacherForm = { name: '', email: '', phone: '', password: '', confirmPassword: '' };

export interface TeacherCredentialsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a successful save: the list reloads, the form is cleared and closes, and the success dialog opens. */
  onCreated: (teacher: Teacher, password: string) => void;
}

/** 'Add Teacher with Login Credentials': the simple form; confirmPassword is checked here and not sent. */
export function TeacherCredentialsDialog({ open, onOpenChange, onCreated }: TeacherCredentialsDialogProps) {
  const { form, setForm, errors, setErrors, set, refuse, formRef } = useFieldForm<SimpleField, SimpleTeacherForm>(
    EMPTY,
  );
  const create = useCreateTeacher();
  const [askNewPassword, setAskNewPassword] = useState(true);

  const close = (next: boolean) => {
    if (!next && create.isPending) return;
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const verdict = checkSimpleTeacher(form, askNewPassword);
    if (verdict) {
      refuse(verdict);
      return;
    }
    try {
      const { teacher } = await create.mutateAsync({
        name: form.name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        password: form.password,
        requirePasswordChange: askNewPassword,
      });
      toast.success(t`Teacher added successfully!`);
      setForm(EMPTY);
      setErrors({});
      onCreated(teacher, form.password);
    } catch (error) {
      if (isEmailTaken(error)) {
        setErrors({ email: t`This email is already in use` });
        toast.error(emailExists());
      } else {
        toast.error(t`Failed to add teacher. Please try again.`, {
          description: error instanceof Error ? error.message : undefined,
        });
      }
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => close(details.open)}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Add Teacher with Login Credentials</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              The teacher signs in at the teacher login with this email and password. Fields marked * are required.
            </Trans>
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <Notice icon={KeyRound} tone="info" className={formStyles.note}>
            {askNewPassword
              ? t`Share the password with the teacher in person; they can sign in at /teacher-login straight away and choose their own password there.`
              : t`Share the password with the teacher in person; they can sign in at /teacher-login straight away.`}
          </Notice>
          <form
            ref={formRef}
            id={FORM_ID}
            noValidate
            onSubmit={(event) => void submit(event)}
            className={formStyles.grid}
          >
            <TextField
              label={t`Full Name`}
              required
              wide
              value={form.name}
              onValueChange={set('name')}
              error={errors.name}
              autoComplete="off"
              maxLength={120}
            />
            <TextField
              label={t`Email`}
              type="email"
              inputMode="email"
              required
              value={form.email}
              onValueChange={set('email')}
              error={errors.email}
              autoComplete="off"
              maxLength={254}
            />
            <TextField
              label={t`Phone`}
              type="tel"
              inputMode="tel"
              required
              value={form.phone}
              onValueChange={set('phone')}
              error={errors.phone}
              maxLength={40}
            />
            <PasswordField
              label={t`Password`}
              required
              value={form.password}
              onValueChange={set('password')}
              error={errors.password}
              helperText={officePasswordHint(askNewPassword)}
            />
            <PasswordField
              label={t`Confirm Password`}
              required
              value={form.confirmPassword}
              onValueChange={set('confirmPassword')}
              error={errors.confirmPassword}
            />
            <AskNewPassword checked={askNewPassword} onCheckedChange={setAskNewPassword} who={t`the teacher`} />
          </form>
        </Dialog.Body>
        <Dialog.FormFooter
          form={FORM_ID}
          busy={create.isPending}
          loadingText={t`Adding teacher...`}
          onCancel={() => close(false)}
        >
          <Trans>Add Teacher</Trans>
        </Dialog.FormFooter>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
