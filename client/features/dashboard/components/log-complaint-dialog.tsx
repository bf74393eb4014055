import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { DateField } from '~/components/ui/date-picker';
import * as Dialog from '~/components/ui/dialog';
import { DialogForm } from '~/components/ui/dialog-form';
import * as Field from '~/components/ui/field';
import { serverFieldErrors } from '~/components/ui/form-errors';
import { SimpleSelect } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { toast } from '~/lib/toast';
import { useLogComplaint } from '../api';
import { COMPLAINT_FIELDS, type ComplaintField, type ComplaintForm, validateComplaint } from '../schemas';

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  row: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' }),
};

const priorityOptions = () => [
  { value: 'high', label: t`High` },
  { value: 'medium', label: t`Medium` },
  { value: 'low', label: t`Low` },
];

export interface LogComplaintDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The school's today, the date's default. */
  today: string;
}

export function LogComplaintDialog({ open, onOpenChange, today }: LogComplaintDialogProps) {
  const logComplaint = useLogComplaint();
  const blank: ComplaintForm = {
    title: '',
    initiatedBy: '',
    date: today,
    priority: 'medium',
    category: '',
    description: '',
  };
  const [form, setForm] = useState<ComplaintForm>(blank);
  const [errors, setErrors] = useState<Partial<Record<ComplaintField, string>>>({});

  const edit = <K extends ComplaintField>(field: K, value: ComplaintForm[K]) => {
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
    const { data, errors: found } = validateComplaint(form);
    if (!data) {
      setErrors(found ?? {});
      return;
    }
    logComplaint.mutate(
      {
        title: data.title,
        initiatedBy: data.initiatedBy,
        priority: data.priority,
        date: data.date || undefined,
        category: data.category || undefined,
        description: data.description || undefined,
      },
      {
        onSuccess: () => {
          toast.success(t`Complaint logged successfully`);
          close(false);
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error, COMPLAINT_FIELDS));
          toast.error(error.message);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => close(details.open)}>
      <Dialog.Surface>
        <DialogForm onSubmit={handleSubmit} noValidate>
          <Dialog.Header>
            <Dialog.Title>
              <Trans>Log complaint</Trans>
            </Dialog.Title>
            <Dialog.Description>
              <Trans>Record a complaint so the office can follow it up.</Trans>
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body className={styles.form}>
            <Field.Root invalid={Boolean(errors.title)} required>
              <Field.Label>
                <Trans>Title</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input value={form.title} onChange={(event) => edit('title', event.target.value)} />
              <Field.ErrorText>{errors.title}</Field.ErrorText>
            </Field.Root>
            <div className={styles.row}>
              <Field.Root invalid={Boolean(errors.initiatedBy)} required>
                <Field.Label>
                  <Trans>Initiated by</Trans>
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input
                  value={form.initiatedBy}
                  placeholder={t`Parent, student or staff name`}
                  onChange={(event) => edit('initiatedBy', event.target.value)}
                />
                <Field.ErrorText>{errors.initiatedBy}</Field.ErrorText>
              </Field.Root>
              <SimpleSelect
                label={t`Priority`}
                options={priorityOptions()}
                value={form.priority}
                onValueChange={(value) => edit('priority', (value || 'medium') as ComplaintForm['priority'])}
              />
            </div>
            <div className={styles.row}>
              <DateField
                label={t`Date`}
                value={form.date ?? ''}
                invalid={Boolean(errors.date)}
                onValueChange={(value) => edit('date', value)}
              />
              <Field.Root invalid={Boolean(errors.category)}>
                <Field.Label>
                  <Trans>Category</Trans>
                </Field.Label>
                <Field.Input
                  value={form.category}
                  placeholder={t`e.g. Transport`}
                  onChange={(event) => edit('category', event.target.value)}
                />
                <Field.ErrorText>{errors.category}</Field.ErrorText>
              </Field.Root>
            </div>
            <Field.Root invalid={Boolean(errors.description)}>
              <Field.Label>
                <Trans>Description</Trans>
              </Field.Label>
              <Textarea
                rows={3}
                value={form.description}
                onChange={(event) => edit('description', event.target.value)}
              />
              <Field.ErrorText>{errors.description}</Field.ErrorText>
            </Field.Root>
          </Dialog.Body>
          <Dialog.FormFooter busy={logComplaint.isPending} loadingText={t`Saving...`} onCancel={() => close(false)}>
            <Trans>Log complaint</Trans>
          </Dialog.FormFooter>
        </DialogForm>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
