import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FileText, TriangleAlert, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { PastYearNote } from '~/components/past-year-note';
import { IconButton } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { DateInput } from '~/components/ui/date-input';
import * as Dialog from '~/components/ui/dialog';
import { DialogForm } from '~/components/ui/dialog-form';
import * as Field from '~/components/ui/field';
import { FilePicker } from '~/components/ui/file-upload';
import { serverFieldErrors } from '~/components/ui/form-errors';
import { Notice } from '~/components/ui/notice';
import { Textarea } from '~/components/ui/textarea';
import { TimeInput } from '~/components/ui/time-input';
import { toast } from '~/lib/toast';
import { type Homework, useAttachFile, useSaveHomework } from '../api';
import { ALLOWED_FILES, fileProblem, formatSize, MAX_FILES } from '../format';

const FIELDS = ['title', 'instructions', 'dueDate', 'dueTime', 'maxMarks'] as const;
type HomeworkField = (typeof FIELDS)[number];
type Form = Record<HomeworkField, string> & { marked: boolean };

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  pair: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '4' }),
  number: css({ fontVariantNumeric: 'tabular-nums' }),
  files: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  file: css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', minW: '0' }),
  fileName: css({ flex: '1', minW: '0', overflowWrap: 'anywhere' }),
  quiet: css({ color: 'fg.muted', fontSize: 'xs', flexShrink: '0' }),
};

const decimal = (text: string) => Number(text.trim().replace(',', '.'));

/** The server's checks (worker/modules/homework/schemas.ts), in the reader's language. */
function check(form: Form) {
  const errors: Partial<Record<HomeworkField, string>> = {};
  if (!form.title.trim()) errors.title = t`Title is required`;
  else if (form.title.trim().length > 120) errors.title = t`Title must be at most 120 characters`;
  if (form.instructions.trim().length > 5000) errors.instructions = t`Instructions must be at most 5000 characters`;
  if (!form.dueDate) errors.dueDate = t`Due date is required`;
  if (!form.dueTime) errors.dueTime = t`Due time is required`;
  if (form.marked && form.maxMarks.trim()) {
    const max = decimal(form.maxMarks);
    if (!Number.isFinite(max) || max <= 0 || max > 1000)
      errors.maxMarks = t`Maximum marks must be more than 0 and at most 1000`;
    else if (Math.abs(max * 100 - Math.round(max * 100)) > 1e-6)
      errors.maxMarks = t`Marks can have at most 2 decimal places`;
  }
  return errors;
}

export interface HomeworkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  classId: string;
  subjectId: string;
  /** The homework to change; new homework when null. */
  homework: Homework | null;
  /** The school's today: new homework is due then by default. */
  today: string;
  onSaved: (id: string) => void;
}

/**
 * Sets homework for a class's subject, or changes it: title, instructions, due date and time on the school's clock,
 * maximum marks when it is marked; files chosen here are attached once it is saved.
 */
export function HomeworkDialog({
  open,
  onOpenChange,
  classId,
  subjectId,
  homework,
  today,
  onSaved,
}: HomeworkDialogProps) {
  const save = useSaveHomework();
  const attach = useAttachFile();
  const [form, setForm] = useState<Form>(() =>
    homework
      ? {
          title: homework.title,
          instructions: homework.instructions,
          dueDate: homework.dueDate,
          dueTime: homework.dueTime,
          maxMarks: homework.maxMarks == null ? '' : String(homework.maxMarks),
          marked: homework.maxMarks != null,
        }
      : { title: '', instructions: '', dueDate: today, dueTime: '17:00', maxMarks: '', marked: false },
  );
  const [files, setFiles] = useState<{ key: number; file: File }[]>([]);
  const [nextKey, setNextKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<HomeworkField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const attached = homework?.attachments.length ?? 0;

  const edit = <F extends keyof Form>(field: F, value: Form[F]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (field !== 'marked') setErrors((current) => ({ ...current, [field]: undefined }));
    setRefusal(null);
  };

  const addFiles = (chosen: File[]) => {
    for (const file of chosen) {
      const problem = fileProblem(file);
      if (problem) {
        toast.error(problem, { description: file.name });
        continue;
      }
      const key = nextKey + chosen.indexOf(file);
      setFiles((current) => (attached + current.length >= MAX_FILES ? current : [...current, { key, file }]));
    }
    setNextKey((current) => current + chosen.length);
  };

  /** The chosen files, one after another; one refused says which and why, and the others still go. */
  const uploadAll = async (id: string) => {
    let failed = 0;
    for (const { file } of files) {
      try {
        await attach.mutateAsync({ id, file });
      } catch (error) {
        failed += 1;
        toast.error(t`Failed to attach ${file.name}`, { description: (error as Error).message });
      }
    }
    return failed;
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const maxMarks = form.marked && form.maxMarks.trim() ? decimal(form.maxMarks) : null;
    const fields = {
      title: form.title.trim(),
      instructions: form.instructions.trim(),
      dueDate: form.dueDate,
      dueTime: form.dueTime,
      maxMarks,
    };
    const onError = (error: Error) => {
      const byField = serverFieldErrors(error, FIELDS);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setRefusal(error.message);
    };
    const onSuccess = async (saved: { _id: string }) => {
      setUploading(true);
      const failed = await uploadAll(saved._id);
      setUploading(false);
      if (homework) toast.success(t`Homework updated successfully`);
      else toast.success(t`Homework set successfully`);
      // The homework is saved either way: a refused file was named in its own message.
      if (failed > 0) setFiles([]);
      onSaved(saved._id);
    };
    if (homework) save.mutate({ id: homework._id, body: fields }, { onSuccess, onError });
    else save.mutate({ body: { ...fields, classId, subjectId } }, { onSuccess, onError });
  };

  const busy = save.isPending || uploading;
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !busy && onOpenChange(details.open)}>
      <Dialog.Surface>
        <DialogForm onSubmit={handleSubmit} noValidate>
          <Dialog.Header>
            <Dialog.Title>{homework ? <Trans>Edit homework</Trans> : <Trans>Set homework</Trans>}</Dialog.Title>
            <Dialog.Description>
              <Trans>Due on the school's clock. Students of the class see it at once.</Trans>
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body className={styles.body}>
            <PastYearNote />
            {refusal ? <Notice tone="danger" icon={TriangleAlert} role="alert" title={refusal} /> : null}
            <Field.Root invalid={Boolean(errors.title)} required>
              <Field.Label>
                <Trans>Title</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input
                value={form.title}
                placeholder={t`e.g. Fractions worksheet`}
                onChange={(event) => edit('title', event.target.value)}
              />
              <Field.ErrorText>{errors.title}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.instructions)}>
              <Field.Label>
                <Trans>Instructions</Trans>
              </Field.Label>
              <Textarea
                rows={4}
                value={form.instructions}
                onChange={(event) => edit('instructions', event.target.value)}
              />
              <Field.ErrorText>{errors.instructions}</Field.ErrorText>
            </Field.Root>
            <div className={styles.pair}>
              <DateInput
                label={t`Due date`}
                value={form.dueDate}
                onValueChange={(value) => edit('dueDate', value)}
                error={errors.dueDate}
                required
              />
              <Field.Root invalid={Boolean(errors.dueTime)} required>
                <Field.Label>
                  <Trans>Due time</Trans>
                  <Field.RequiredIndicator />
                </Field.Label>
                <TimeInput value={form.dueTime} onValueChange={(value) => edit('dueTime', value)} />
                <Field.ErrorText>{errors.dueTime}</Field.ErrorText>
              </Field.Root>
            </div>
            <div className={styles.pair}>
              <Checkbox checked={form.marked} onCheckedChange={(details) => edit('marked', details.checked === true)}>
                <Trans>Marked</Trans>
              </Checkbox>
              {form.marked ? (
                <Field.Root invalid={Boolean(errors.maxMarks)}>
                  <Field.Label>
                    <Trans>Maximum marks</Trans>
                  </Field.Label>
                  <Field.Input
                    className={styles.number}
                    inputMode="decimal"
                    value={form.maxMarks}
                    placeholder="20"
                    onChange={(event) => edit('maxMarks', event.target.value)}
                  />
                  {errors.maxMarks ? (
                    <Field.ErrorText>{errors.maxMarks}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>
                      <Trans>Empty: not marked</Trans>
                    </Field.HelperText>
                  )}
                </Field.Root>
              ) : null}
            </div>
            {files.length > 0 ? (
              <ul className={styles.files} aria-label={t`Files to attach`}>
                {files.map(({ key, file }) => (
                  <li key={key} className={styles.file}>
                    <FileText size={16} aria-hidden="true" />
                    <span className={styles.fileName}>{file.name}</span>
                    <span className={styles.quiet}>{formatSize(file.size)}</span>
                    <IconButton
                      label={t`Remove ${file.name}`}
                      size="sm"
                      disabled={busy}
                      onClick={() => setFiles((current) => current.filter((x) => x.key !== key))}
                    >
                      <X size={14} aria-hidden="true" />
                    </IconButton>
                  </li>
                ))}
              </ul>
            ) : null}
            {attached + files.length < MAX_FILES ? (
              <FilePicker
                label={t`Attach files`}
                hint={uploading ? t`Uploading...` : t`Drop a PDF, PNG or JPEG here, or`}
                accept={ALLOWED_FILES}
                acceptedFiles={[]}
                maxFiles={MAX_FILES}
                disabled={busy}
                onFileChange={(details) => {
                  addFiles(details.acceptedFiles);
                  if (details.rejectedFiles.length > 0) toast.error(t`Only PDF, PNG and JPEG files are allowed`);
                }}
              />
            ) : null}
          </Dialog.Body>
          <Dialog.FormFooter
            busy={busy}
            loadingText={uploading ? t`Uploading...` : t`Saving...`}
            onCancel={() => onOpenChange(false)}
          >
            {homework ? <Trans>Save homework</Trans> : <Trans>Set homework</Trans>}
          </Dialog.FormFooter>
        </DialogForm>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
