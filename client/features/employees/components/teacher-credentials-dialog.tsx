import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { AskNewPassword } from '~/components/ui/ask-new-password';
import * as Dialog from '~/components/ui/dialog';
import { Notice } from '~/components/ui/notice';
import { toast } from '~/lib/toast';
import { officePasswordHint } from '../../../../worker/lib/password-policy';
import { type Teacher, useCreateTeacher } from '../api';
import {
  checkSimpleTeacher,
  EMAIL_EXISTS,
  isEmailTaken,
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
      toast.success('Teacher added successfully!');
      setForm(EMPTY);
      setErrors({});
      onCreated(teacher, form.password);
    } catch (error) {
      if (isEmailTaken(error)) {
        setErrors({ email: 'This email is already in use' });
        toast.error(EMAIL_EXISTS);
      } else {
        toast.error('Failed to add teacher. Please try again.', {
          description: error instanceof Error ? error.message : undefined,
        });
      }
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => close(details.open)}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>Add Teacher with Login Credentials</Dialog.Title>
          <Dialog.Description>
            The teacher signs in at the teacher login with this email and password. Fields marked * are required.
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <Notice icon={KeyRound} tone="info" className={formStyles.note}>
            Share the password with the teacher in person; they can sign in at /teacher-login straight away
            {askNewPassword ? ' and choose their own password there.' : '.'}
          </Notice>
          <form
            ref={formRef}
            id={FORM_ID}
            noValidate
            onSubmit={(event) => void submit(event)}
            className={formStyles.grid}
          >
            <TextField
              label="Full Name"
              required
              wide
              value={form.name}
              onValueChange={set('name')}
              error={errors.name}
              autoComplete="off"
              maxLength={120}
            />
            <TextField
              label="Email"
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
              label="Phone"
              type="tel"
              inputMode="tel"
              required
              value={form.phone}
              onValueChange={set('phone')}
              error={errors.phone}
              maxLength={40}
            />
            <PasswordField
              label="Password"
              required
              value={form.password}
              onValueChange={set('password')}
              error={errors.password}
              helperText={officePasswordHint(askNewPassword)}
            />
            <PasswordField
              label="Confirm Password"
              required
              value={form.confirmPassword}
              onValueChange={set('confirmPassword')}
              error={errors.confirmPassword}
            />
            <AskNewPassword checked={askNewPassword} onCheckedChange={setAskNewPassword} who="the teacher" />
          </form>
        </Dialog.Body>
        <Dialog.FormFooter
          form={FORM_ID}
          busy={create.isPending}
          loadingText="Adding teacher..."
          onCancel={() => close(false)}
        >
          Add Teacher
        </Dialog.FormFooter>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
