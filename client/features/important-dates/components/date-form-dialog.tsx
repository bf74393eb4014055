import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Checkbox } from '~/components/ui/checkbox';
import { DateInput } from '~/components/ui/date-input';
import * as Dialog from '~/components/ui/dialog';
import * as Field from '~/components/ui/field';
import { FormSelect } from '~/components/ui/form-select';
import { SimpleSelect } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { TimeInput } from '~/components/ui/time-input';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { useFocusFirstInvalid } from '~/lib/use-focus-first-invalid';
import {
  type ClassRef,
  dateBody,
  IMPORTANT_DATE_PRIORITIES,
  IMPORTANT_DATE_TYPES,
  type ImportantDate,
  type ImportantDateBody,
  useSaveImportantDate,
} from '../api';
import { classLabel, listOf, priorityLabel, typeLabel } from '../format';
import { type FormErrors, validateImportantDate } from '../schemas';

const FORM_ID = 'important-date-form';

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '4' }),
  wide: css({ gridColumn: '1 / -1' }),
  error: css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'danger.fg' }),
  scope: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  checklist: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
    gap: '1',
    maxH: '48',
    overflowY: 'auto',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
    bg: 'surface.subtle',
  }),
  checklistInvalid: css({ borderColor: 'danger' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
  legend: css({
    float: 'inline-start',
    gridColumn: '1 / -1',
    w: 'full',
    mb: '1',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg',
  }),
};

export function emptyBody(date = ''): ImportantDateBody {
  return {
    title: '',
    description: '',
    date,
    type: 'event',
    priority: 'medium',
    classes: [],
    applyToAllClasses: true,
    startTime: '',
    endTime: '',
    location: '',
  };
}

function bodyOf(item: ImportantDate): ImportantDateBody {
  return {
    title: item.title,
    description: item.description ?? '',
    date: item.formattedDate || item.date,
    type: item.type,
    priority: item.priority,
    classes: item.classes.map((c) => c._id),
    applyToAllClasses: item.applyToAllClasses,
    startTime: item.startTime ?? '',
    endTime: item.endTime ?? '',
    location: item.location ?? '',
  };
}

/** 'Classes (2 selected)'. */
function selectedLabel(count: number) {
  const selected = plural(count, { one: '# selected', other: '# selected' });
  return t`Classes (${selected})`;
}

/** The modal's state: closed, creating (optionally on a chosen day) or editing one date. */
export type FormMode = { kind: 'closed' } | { kind: 'create'; date?: string } | { kind: 'edit'; item: ImportantDate };

export interface DateFormDialogProps {
  mode: FormMode;
  classes: ClassRef[];
  onClose: () => void;
  onSaved: (saved: ImportantDate) => void;
}

/** 'Add Important Date' / 'Edit Important Date': closes and resets on a successful save or on Cancel. */
export function DateFormDialog({ mode, classes, onClose, onSaved }: DateFormDialogProps) {
  const editing = mode.kind === 'edit' ? mode.item : null;
  return (
    <Dialog.Root open={mode.kind !== 'closed'} onOpenChange={(details) => !details.open && onClose()} size="lg">
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>{editing ? t`Edit Important Date` : t`Add Important Date`}</Dialog.Title>
          <Dialog.Description>
            <Trans>Fields marked * are required.</Trans>
          </Dialog.Description>
        </Dialog.Header>
        {mode.kind === 'closed' ? null : (
          <DateForm
            key={editing?._id ?? 'new'}
            initial={editing ? bodyOf(editing) : emptyBody(mode.kind === 'create' ? mode.date : '')}
            editingId={editing?._id}
            classes={classes}
            onCancel={onClose}
            onSaved={onSaved}
          />
        )}
      </Dialog.Surface>
    </Dialog.Root>
  );
}

interface DateFormProps {
  initial: ImportantDateBody;
  editingId?: string;
  classes: ClassRef[];
  onCancel: () => void;
  onSaved: (saved: ImportantDate) => void;
}

function DateForm({ initial, editingId, classes, onCancel, onSaved }: DateFormProps) {
  const [body, setBody] = useState<ImportantDateBody>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const save = useSaveImportantDate();

  const set = (patch: Partial<ImportantDateBody>) => {
    setBody((current) => ({ ...current, ...patch }));
    // A corrected field stops showing its message at once.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof ImportantDateBody)[]) delete next[key];
      if ('startTime' in patch) delete next.endTime;
      if ('applyToAllClasses' in patch) delete next.classes;
      return next;
    });
  };

  const toggleClass = (classId: string, checked: boolean) =>
    set({ classes: checked ? [...body.classes, classId] : body.classes.filter((id) => id !== classId) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const failed = validateImportantDate(body);
    if (failed) {
      setErrors(failed.errors);
      const messages = listOf(failed.messages);
      toast.error(t`Validation failed: ${messages}`);
      // Take the user to the first field to correct, once it shows as invalid.
      focusFirstInvalid();
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: editingId, body: dateBody(body) });
      toast.success(editingId ? t`Important date updated successfully` : t`Important date created successfully`);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) toast.error(error.message);
      else toast.error(t`Failed to save important date`, { description: (error as Error).message });
    }
  };

  return (
    <>
      <Dialog.Body>
        <form ref={formRef} id={FORM_ID} noValidate onSubmit={(event) => void submit(event)} className={styles.grid}>
          <Field.Root required invalid={Boolean(errors.title)} className={styles.wide}>
            <Field.Label>
              <Trans>Title</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            <Field.Input
              value={body.title}
              onChange={(event) => set({ title: event.target.value })}
              placeholder={t`e.g. Annual Sports Day`}
              maxLength={200}
            />
            <Field.ErrorText>{errors.title}</Field.ErrorText>
          </Field.Root>

          <Field.Root className={styles.wide}>
            <Field.Label>
              <Trans>Description</Trans>
            </Field.Label>
            <Textarea
              value={body.description}
              onChange={(event) => set({ description: event.target.value })}
              rows={3}
              maxLength={2000}
            />
          </Field.Root>

          <DateInput
            label={t`Date`}
            required
            value={body.date}
            onValueChange={(date) => set({ date })}
            error={errors.date}
          />

          <FormSelect
            label={t`Event Type`}
            required
            options={IMPORTANT_DATE_TYPES.map((type) => ({ label: typeLabel(type), value: type }))}
            value={body.type}
            error={errors.type}
            onValueChange={(type) => set({ type: type as ImportantDateBody['type'] })}
          />

          <SimpleSelect
            label={t`Priority`}
            options={IMPORTANT_DATE_PRIORITIES.map((priority) => ({
              label: priorityLabel(priority),
              value: priority,
            }))}
            value={body.priority}
            onValueChange={(priority) => priority && set({ priority: priority as ImportantDateBody['priority'] })}
          />

          <Field.Root>
            <Field.Label>
              <Trans>Location</Trans>
            </Field.Label>
            <Field.Input
              value={body.location}
              onChange={(event) => set({ location: event.target.value })}
              placeholder={t`e.g. Main Hall`}
              maxLength={200}
            />
          </Field.Root>

          <Field.Root>
            <Field.Label>
              <Trans>Start Time</Trans>
            </Field.Label>
            <TimeInput value={body.startTime} onValueChange={(startTime) => set({ startTime })} />
          </Field.Root>

          <Field.Root invalid={Boolean(errors.endTime)}>
            <Field.Label>
              <Trans>End Time</Trans>
            </Field.Label>
            <TimeInput value={body.endTime} onValueChange={(endTime) => set({ endTime })} />
            <Field.ErrorText>{errors.endTime}</Field.ErrorText>
          </Field.Root>

          <div className={`${styles.wide} ${styles.scope}`}>
            <Checkbox
              checked={body.applyToAllClasses}
              onCheckedChange={(details) => {
                const all = details.checked === true;
                set(all ? { applyToAllClasses: true, classes: [] } : { applyToAllClasses: false });
              }}
            >
              <Trans>Apply to all classes</Trans>
            </Checkbox>
            {body.applyToAllClasses ? null : classes.length === 0 ? (
              <p className={styles.hint}>
                <Trans>No classes yet: add classes first, or apply the date to all classes.</Trans>
              </p>
            ) : (
              <fieldset className={`${styles.checklist} ${errors.classes ? styles.checklistInvalid : ''}`}>
                <legend className={styles.legend}>{selectedLabel(body.classes.length)}</legend>
                {classes.map((c) => (
                  <Checkbox
                    key={c._id}
                    checked={body.classes.includes(c._id)}
                    onCheckedChange={(details) => toggleClass(c._id, details.checked === true)}
                  >
                    {classLabel(c)}
                  </Checkbox>
                ))}
              </fieldset>
            )}
            {errors.classes ? <p className={styles.error}>{errors.classes}</p> : null}
          </div>
        </form>
      </Dialog.Body>
      <Dialog.FormFooter
        form={FORM_ID}
        busy={save.isPending}
        loadingText={editingId ? t`Updating...` : t`Creating...`}
        onCancel={onCancel}
      >
        {editingId ? t`Update Date` : t`Create Date`}
      </Dialog.FormFooter>
    </>
  );
}
