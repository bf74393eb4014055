import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { DateInput } from '~/components/ui/date-input';
import * as Dialog from '~/components/ui/dialog';
import { DialogForm } from '~/components/ui/dialog-form';
import * as Field from '~/components/ui/field';
import { serverFieldErrors } from '~/components/ui/form-errors';
import { Notice } from '~/components/ui/notice';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { formatDay } from '../format';
import { type Term, useSaveTerm } from '../grading-api';

const FIELDS = ['name', 'startDate', 'endDate'] as const;
type TermField = (typeof FIELDS)[number];
type TermForm = Record<TermField, string>;

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  dates: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '4' }),
};

export interface TermDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The term to change; a new one when null. */
  term: Term | null;
  /** The academic year's first and last days, when the school's year has a name they can be read from. */
  year: { name: string; start: string; end: string } | null;
}

/** The checks the server makes, in the reader's language, and the year's bounds, which only this form knows. */
function check(form: TermForm, year: TermDialogProps['year']) {
  const errors: Partial<Record<TermField, string>> = {};
  if (!form.name.trim()) errors.name = t`Name is required`;
  else if (form.name.trim().length > 60) errors.name = t`Name must be at most 60 characters`;
  if (!form.startDate) errors.startDate = t`Start date is required`;
  if (!form.endDate) errors.endDate = t`End date is required`;
  else if (form.startDate && form.endDate < form.startDate) errors.endDate = t`End date must not be before start date`;
  if (year) {
    const first = formatDay(year.start);
    const last = formatDay(year.end);
    const name = year.name;
    const outside = t`Terms of ${name} fall between ${first} and ${last}`;
    if (form.startDate && (form.startDate < year.start || form.startDate > year.end)) errors.startDate ??= outside;
    if (form.endDate && (form.endDate < year.start || form.endDate > year.end)) errors.endDate ??= outside;
  }
  return errors;
}

/** Adds a term of the academic year, or changes one: its name and its first and last days. */
export function TermDialog({ open, onOpenChange, term, year }: TermDialogProps) {
  const save = useSaveTerm();
  const initial: TermForm = term
    ? { name: term.name, startDate: term.startDate, endDate: term.endDate }
    : { name: '', startDate: '', endDate: '' };
  const [form, setForm] = useState<TermForm>(initial);
  const [errors, setErrors] = useState<Partial<Record<TermField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const edit = (field: TermField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setRefusal(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(form, year);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = { name: form.name.trim(), startDate: form.startDate, endDate: form.endDate };
    save.mutate(
      { id: term?._id, body },
      {
        onSuccess: () => {
          toast.success(term ? t`Term updated successfully` : t`Term added successfully`);
          onOpenChange(false);
        },
        onError: (error) => {
          const byField = serverFieldErrors(error, FIELDS);
          setErrors(byField);
          // A refusal that no one field carries (the term overlaps another) stays in view above the fields.
          if (Object.keys(byField).length === 0) setRefusal(error.message);
          if (!(error instanceof ApiError)) toast.error(error.message);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Dialog.Surface>
        <DialogForm onSubmit={handleSubmit} noValidate>
          <Dialog.Header>
            <Dialog.Title>{term ? <Trans>Edit term</Trans> : <Trans>Add term</Trans>}</Dialog.Title>
            <Dialog.Description>
              {year ? (
                t`A dated part of ${year.name}, such as Term 1 or Half-yearly. Terms do not overlap.`
              ) : (
                <Trans>A dated part of the academic year, such as Term 1 or Half-yearly. Terms do not overlap.</Trans>
              )}
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body className={styles.body}>
            {refusal ? <Notice tone="danger" icon={TriangleAlert} role="alert" title={refusal} /> : null}
            <Field.Root invalid={Boolean(errors.name)} required>
              <Field.Label>
                <Trans>Name</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input
                value={form.name}
                placeholder={t`e.g. Term 1`}
                onChange={(event) => edit('name', event.target.value)}
              />
              <Field.ErrorText>{errors.name}</Field.ErrorText>
            </Field.Root>
            <div className={styles.dates}>
              <DateInput
                label={t`Start date`}
                value={form.startDate}
                onValueChange={(value) => edit('startDate', value)}
                error={errors.startDate}
                required
              />
              <DateInput
                label={t`End date`}
                value={form.endDate}
                onValueChange={(value) => edit('endDate', value)}
                error={errors.endDate}
                required
              />
            </div>
          </Dialog.Body>
          <Dialog.FormFooter busy={save.isPending} loadingText={t`Saving...`} onCancel={() => onOpenChange(false)}>
            {term ? <Trans>Save term</Trans> : <Trans>Add term</Trans>}
          </Dialog.FormFooter>
        </DialogForm>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
