import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { PastYearNote } from '~/components/past-year-note';
import { DateInput } from '~/components/ui/date-input';
import * as Dialog from '~/components/ui/dialog';
import { DialogForm } from '~/components/ui/dialog-form';
import * as Field from '~/components/ui/field';
import { serverFieldErrors } from '~/components/ui/form-errors';
import { Notice } from '~/components/ui/notice';
import { SimpleSelect } from '~/components/ui/select';
import type { ApiClient } from '~/lib/api';
import { toast } from '~/lib/toast';
import { type Assessment, type AssessmentBody, termsQuery, useSaveAssessment } from '../api';

const FIELDS = ['title', 'type', 'date', 'maxMarks', 'weight', 'termId'] as const;
type AssessmentField = (typeof FIELDS)[number];
type Form = Record<AssessmentField, string>;
type AssessmentType = AssessmentBody['type'];

const typeOptions = (): { value: AssessmentType; label: string }[] => [
  { value: 'test', label: t`Test` },
  { value: 'exam', label: t`Exam` },
  { value: 'quiz', label: t`Quiz` },
  { value: 'project', label: t`Project` },
  { value: 'homework', label: t`Homework` },
];

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  pair: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '4' }),
  number: css({ fontVariantNumeric: 'tabular-nums' }),
};

const decimal = (text: string) => Number(text.trim().replace(',', '.'));

/** The server's checks (worker/modules/grades/schemas.ts), in the reader's language, and the date within its term. */
function check(form: Form, terms: { _id: string; startDate: string; endDate: string }[]) {
  const errors: Partial<Record<AssessmentField, string>> = {};
  if (!form.title.trim()) errors.title = t`Title is required`;
  else if (form.title.trim().length > 120) errors.title = t`Title must be at most 120 characters`;
  if (!form.date) errors.date = t`Date is required`;
  const max = decimal(form.maxMarks);
  if (!form.maxMarks.trim() || !Number.isFinite(max) || max <= 0 || max > 1000)
    errors.maxMarks = t`Maximum marks must be more than 0 and at most 1000`;
  else if (Math.abs(max * 100 - Math.round(max * 100)) > 1e-6)
    errors.maxMarks = t`Marks can have at most 2 decimal places`;
  const weight = decimal(form.weight);
  if (!form.weight.trim() || !Number.isFinite(weight) || weight <= 0 || weight > 100)
    errors.weight = t`Weight must be more than 0 and at most 100`;
  const term = terms.find((x) => x._id === form.termId);
  if (!term) errors.termId = t`Term is required`;
  else if (form.date && (form.date < term.startDate || form.date > term.endDate))
    errors.date = t`The assessment date must fall within its term`;
  return errors;
}

export interface AssessmentDialogProps {
  client: ApiClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The class and subject a new assessment is for. */
  classId: string;
  subjectId: string;
  /** The assessment to change; a new one when null. */
  assessment: Assessment | null;
  /** The school's today, a new assessment's date. */
  today: string;
  onSaved: (id: string) => void;
}

/** Adds an assessment of a class's subject, or changes one: title, type, date, maximum marks, weight and term. */
export function AssessmentDialog({
  client,
  open,
  onOpenChange,
  classId,
  subjectId,
  assessment,
  today,
  onSaved,
}: AssessmentDialogProps) {
  const terms = useQuery(termsQuery(client));
  const save = useSaveAssessment(client);
  const termList = terms.data ?? [];
  const termOf = (date: string) => termList.find((x) => x.startDate <= date && x.endDate >= date)?._id ?? '';
  const [form, setForm] = useState<Form>(() =>
    assessment
      ? {
          title: assessment.title,
          type: assessment.type,
          date: assessment.date,
          maxMarks: String(assessment.maxMarks),
          weight: String(assessment.weight),
          termId: assessment.term._id,
        }
      : { title: '', type: 'test', date: today, maxMarks: '', weight: '1', termId: '' },
  );
  const [errors, setErrors] = useState<Partial<Record<AssessmentField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // Until one is chosen, the term is the one holding the date.
  const termId = form.termId || termOf(form.date);

  const edit = (field: AssessmentField, value: string) => {
    setForm((current) => {
      const next = { ...current, [field]: value };
      // A date moved out of its term takes the term it now falls in.
      if (field === 'date' && value && termOf(value) && termOf(value) !== (current.termId || termOf(current.date)))
        next.termId = termOf(value);
      return next;
    });
    setErrors((current) => ({ ...current, [field]: undefined }));
    setRefusal(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = { ...form, termId };
    const found = check(filled, termList);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = {
      title: filled.title.trim(),
      type: filled.type as AssessmentType,
      date: filled.date,
      maxMarks: decimal(filled.maxMarks),
      weight: decimal(filled.weight),
      termId: filled.termId,
    };
    const onError = (error: Error) => {
      const byField = serverFieldErrors(error, FIELDS);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setRefusal(error.message);
    };
    if (assessment)
      save.mutate(
        { id: assessment._id, body: fields },
        {
          onSuccess: (saved) => {
            toast.success(t`Assessment updated successfully`);
            onSaved(saved._id);
          },
          onError,
        },
      );
    else
      save.mutate(
        { body: { ...fields, classId, subjectId } },
        {
          onSuccess: (saved) => {
            toast.success(t`Assessment added successfully`);
            onSaved(saved._id);
          },
          onError,
        },
      );
  };

  const termOptions = termList.map((x) => ({ value: x._id, label: x.name }));
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Dialog.Surface>
        <DialogForm onSubmit={handleSubmit} noValidate>
          <Dialog.Header>
            <Dialog.Title>{assessment ? <Trans>Edit assessment</Trans> : <Trans>New assessment</Trans>}</Dialog.Title>
            <Dialog.Description>
              <Trans>A test, exam, quiz, project or homework of this class's subject, marked out of its maximum.</Trans>
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body className={styles.body}>
            <PastYearNote />
            {refusal ? <Notice tone="danger" icon={TriangleAlert} role="alert" title={refusal} /> : null}
            {terms.isSuccess && termList.length === 0 ? (
              <Notice tone="warning" icon={TriangleAlert} title={t`The school has no terms yet`}>
                <Trans>The school office adds the year's terms under Settings, Terms and grading.</Trans>
              </Notice>
            ) : null}
            <Field.Root invalid={Boolean(errors.title)} required>
              <Field.Label>
                <Trans>Title</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input
                value={form.title}
                placeholder={t`e.g. Unit test 2`}
                onChange={(event) => edit('title', event.target.value)}
              />
              <Field.ErrorText>{errors.title}</Field.ErrorText>
            </Field.Root>
            <div className={styles.pair}>
              <SimpleSelect
                label={t`Type`}
                options={typeOptions()}
                value={form.type}
                onValueChange={(value) => value && edit('type', value)}
              />
              <DateInput
                label={t`Date`}
                value={form.date}
                onValueChange={(value) => edit('date', value)}
                error={errors.date}
                required
              />
            </div>
            <div className={styles.pair}>
              <Field.Root invalid={Boolean(errors.maxMarks)} required>
                <Field.Label>
                  <Trans>Maximum marks</Trans>
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input
                  className={styles.number}
                  inputMode="decimal"
                  value={form.maxMarks}
                  placeholder="50"
                  onChange={(event) => edit('maxMarks', event.target.value)}
                />
                <Field.ErrorText>{errors.maxMarks}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.weight)}>
                <Field.Label>
                  <Trans>Weight</Trans>
                </Field.Label>
                <Field.Input
                  className={styles.number}
                  inputMode="decimal"
                  value={form.weight}
                  onChange={(event) => edit('weight', event.target.value)}
                />
                {errors.weight ? (
                  <Field.ErrorText>{errors.weight}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    <Trans>How much it counts in the term's result</Trans>
                  </Field.HelperText>
                )}
              </Field.Root>
            </div>
            <Field.Root invalid={Boolean(errors.termId)}>
              <SimpleSelect
                label={t`Term`}
                options={termOptions}
                value={termId}
                placeholder={terms.isPending ? t`Loading terms...` : t`Select a term`}
                onValueChange={(value) => value && edit('termId', value)}
                invalid={Boolean(errors.termId)}
                required
              />
              <Field.ErrorText>{errors.termId}</Field.ErrorText>
            </Field.Root>
          </Dialog.Body>
          <Dialog.FormFooter busy={save.isPending} loadingText={t`Saving...`} onCancel={() => onOpenChange(false)}>
            {assessment ? <Trans>Save assessment</Trans> : <Trans>Add assessment</Trans>}
          </Dialog.FormFooter>
        </DialogForm>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
