import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import * as Dialog from '~/components/ui/dialog';
import { DialogForm } from '~/components/ui/dialog-form';
import * as Field from '~/components/ui/field';
import { serverFieldErrors } from '~/components/ui/form-errors';
import { FormSelect } from '~/components/ui/form-select';
import { Textarea } from '~/components/ui/textarea';
import type { ClassRef } from '~/lib/answers';
import type { ApiClient } from '~/lib/api';
import { classLabel } from '~/lib/class-label';
import { toast } from '~/lib/toast';
import { type Audience, CLASS_AUDIENCES, type MessageBody, useSendMessage } from '../api';
import { audienceChoice } from '../format';

const FIELDS = ['audience', 'classId', 'grade', 'subject', 'body'] as const;
type FieldName = (typeof FIELDS)[number];

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  row: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' }),
};

export interface ComposerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: ApiClient;
  /** What the writer may choose: the office every audience, a teacher their classes and those classes' parents. */
  audiences: readonly Audience[];
  /** The classes the writer may name. */
  classes: readonly ClassRef[];
}

interface Form {
  audience: Audience;
  classId: string;
  grade: string;
  subject: string;
  body: string;
}

/** Writes an announcement to an audience and sends it: it reaches every inbox at once, live. */
export function ComposerDialog({ open, onOpenChange, client, audiences, classes }: ComposerDialogProps) {
  const send = useSendMessage(client);
  const blank: Form = { audience: audiences[0], classId: '', grade: '', subject: '', body: '' };
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const needsClass = CLASS_AUDIENCES.includes(form.audience);
  const grades = [...new Set(classes.map((c) => c.name))].sort((a, b) => Number(a) - Number(b));

  const edit = <K extends FieldName>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setForm(blank);
      setErrors({});
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<FieldName, string>> = {};
    if (needsClass && !form.classId) found.classId = t`Choose a class`;
    if (form.audience === 'grade' && !form.grade) found.grade = t`Choose a grade`;
    if (!form.subject.trim()) found.subject = t`Subject line is required`;
    if (!form.body.trim()) found.body = t`Message is required`;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const body: MessageBody = {
      audience: form.audience,
      subject: form.subject.trim(),
      body: form.body.trim(),
      ...(needsClass ? { classId: form.classId } : {}),
      ...(form.audience === 'grade' ? { grade: form.grade as MessageBody['grade'] } : {}),
    };
    send.mutate(body, {
      onSuccess: (message) => {
        const count = message.recipientCount ?? 0;
        toast.success(plural(count, { one: 'Message sent to # person', other: 'Message sent to # people' }));
        close(false);
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error, FIELDS));
        toast.error(error.message);
      },
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => close(details.open)}>
      <Dialog.Surface>
        <DialogForm onSubmit={handleSubmit} noValidate>
          <Dialog.Header>
            <Dialog.Title>
              <Trans>New message</Trans>
            </Dialog.Title>
            <Dialog.Description>
              <Trans>It reaches every inbox of the audience at once; families see it in their portal.</Trans>
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body className={styles.form}>
            <div className={styles.row}>
              <FormSelect
                label={t`Send to`}
                required
                options={audiences.map((value) => ({ value, label: audienceChoice(value) }))}
                value={form.audience}
                onValueChange={(value) => edit('audience', (value || audiences[0]) as Audience)}
                error={errors.audience}
              />
              {needsClass ? (
                <FormSelect
                  label={t`Class`}
                  required
                  placeholder={t`Choose a class`}
                  options={classes.map((c) => ({ value: c._id, label: classLabel(c) }))}
                  value={form.classId}
                  onValueChange={(value) => edit('classId', value)}
                  error={errors.classId}
                />
              ) : form.audience === 'grade' ? (
                <FormSelect
                  label={t`Grade`}
                  required
                  placeholder={t`Choose a grade`}
                  options={grades.map((grade) => ({ value: grade, label: grade }))}
                  value={form.grade}
                  onValueChange={(value) => edit('grade', value)}
                  error={errors.grade}
                />
              ) : null}
            </div>
            <Field.Root invalid={Boolean(errors.subject)} required>
              <Field.Label>
                <Trans>Subject line</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input
                value={form.subject}
                maxLength={150}
                onChange={(event) => edit('subject', event.target.value)}
              />
              <Field.ErrorText>{errors.subject}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.body)} required>
              <Field.Label>
                <Trans>Message</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                rows={6}
                maxLength={5000}
                value={form.body}
                onChange={(event) => edit('body', event.target.value)}
              />
              <Field.ErrorText>{errors.body}</Field.ErrorText>
            </Field.Root>
          </Dialog.Body>
          <Dialog.FormFooter busy={send.isPending} loadingText={t`Sending...`} onCancel={() => close(false)}>
            <Trans>Send</Trans>
          </Dialog.FormFooter>
        </DialogForm>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
