import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useMemo, useState } from 'react';
import { PastYearNote } from '~/components/past-year-note';
import * as Dialog from '~/components/ui/dialog';
import * as Field from '~/components/ui/field';
import { FormSelect } from '~/components/ui/form-select';
import { Textarea } from '~/components/ui/textarea';
import { TimeInput } from '~/components/ui/time-input';
import { toast } from '~/lib/toast';
import { type Availability, type ScheduleSlot, useSaveSchedule, WEEKDAYS, type Weekday } from '../api';
import { classLabel, weekdayName } from '../format';
import { failureToast } from '../messages';
import { check, type FieldErrors, type ScheduleFormValues, scheduleFormSchema } from '../schemas';
import { formStyles } from './class-form-dialog';

const FORM_ID = 'schedule-form';

export type ScheduleFormMode = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; item: ScheduleSlot };

export interface ScheduleFormDialogProps {
  mode: ScheduleFormMode;
  available: Availability | undefined;
  onClose: () => void;
}

function valuesOf(item: ScheduleSlot | null): ScheduleFormValues {
  return {
    teacherId: item?.teacherId._id ?? '',
    classId: item?.classId._id ?? '',
    subjectId: item?.subjectId?._id ?? '',
    dayOfWeek: item?.dayOfWeek ?? '',
    startTime: item?.startTime ?? '',
    endTime: item?.endTime ?? '',
    room: item?.room ?? '',
    notes: item?.notes ?? '',
  };
}

const termLine = (year: string, semester: string) =>
  t`${year}, ${semester}. Choose the teacher first; fields marked * are required.`;
const classOption = (label: string) => t`Class ${label}`;
const subjectOption = (name: string, code: string | null | undefined) => (code ? t`${name} (${code})` : name);

/** 'Add Schedule' / 'Edit Schedule': teacher, then one of their classes, then a subject they teach there. */
export function ScheduleFormDialog({ mode, available, onClose }: ScheduleFormDialogProps) {
  const editing = mode.kind === 'edit' ? mode.item : null;
  return (
    <Dialog.Root open={mode.kind !== 'closed'} onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>{editing ? t`Edit Schedule` : t`Add Schedule`}</Dialog.Title>
          <Dialog.Description>
            {available
              ? termLine(available.academicYear, available.semester)
              : t`Choose the teacher first; fields marked * are required.`}
          </Dialog.Description>
        </Dialog.Header>
        {mode.kind === 'closed' ? null : (
          <ScheduleForm key={editing?._id ?? 'new'} item={editing} available={available} onDone={onClose} />
        )}
      </Dialog.Surface>
    </Dialog.Root>
  );
}

interface ScheduleFormProps {
  item: ScheduleSlot | null;
  available: Availability | undefined;
  onDone: () => void;
}

function ScheduleForm({ item, available, onDone }: ScheduleFormProps) {
  const [values, setValues] = useState(() => valuesOf(item));
  const [errors, setErrors] = useState<FieldErrors<ScheduleFormValues>>({});
  const save = useSaveSchedule();

  const teachers = available?.teachers ?? [];
  const teacher = teachers.find((choice) => choice._id === values.teacherId);
  const classOptions = useMemo(() => {
    const own = new Set(teacher?.classIds ?? []);
    return (available?.classes ?? []).filter((c) => own.has(c._id));
  }, [available, teacher]);
  const subjectOptions = useMemo(
    () =>
      (available?.subjects ?? []).filter(
        (s) => s.classId === values.classId && s.teacherIds.includes(values.teacherId),
      ),
    [available, values.classId, values.teacherId],
  );

  const set = (patch: Partial<ScheduleFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof ScheduleFormValues)[]) delete next[key];
      if ('startTime' in patch) delete next.endTime;
      return next;
    });
  };

  // The cascade: a new teacher clears class and subject; a new class clears the subject and offers its room.
  const chooseTeacher = (teacherId: string) => {
    if (teacherId !== values.teacherId) set({ teacherId, classId: '', subjectId: '' });
  };
  const chooseClass = (classId: string) => {
    if (classId === values.classId) return;
    const previousRoom = available?.classes.find((c) => c._id === values.classId)?.room ?? '';
    const room = available?.classes.find((c) => c._id === classId)?.room ?? '';
    set({ classId, subjectId: '', ...(values.room === '' || values.room === previousRoom ? { room } : {}) });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(scheduleFormSchema(), values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(checked.summary);
      return;
    }
    try {
      await save.mutateAsync({ scheduleId: item?._id, body: checked.data });
      toast.success(item ? t`Schedule updated successfully` : t`Schedule created successfully`);
      onDone();
    } catch (error) {
      failureToast(item ? t`Failed to update schedule` : t`Failed to create schedule`, error);
    }
  };

  let classHelp: string | undefined;
  if (!values.teacherId) classHelp = t`Choose a teacher first.`;
  else if (classOptions.length === 0)
    classHelp = t`This teacher has no class yet: give them a class or a subject first.`;
  let subjectHelp: string | undefined;
  if (!values.classId) subjectHelp = t`Choose a class first.`;
  else if (subjectOptions.length === 0) subjectHelp = t`This teacher teaches no subject in this class yet.`;

  return (
    <>
      <Dialog.Body>
        <PastYearNote />
        <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)} className={formStyles.grid}>
          <FormSelect
            label={t`Teacher`}
            required
            placeholder={t`Select teacher`}
            options={teachers.map((choice) => ({ label: choice.name, value: choice._id }))}
            value={values.teacherId}
            onValueChange={chooseTeacher}
            error={errors.teacherId}
            className={formStyles.wide}
          />
          <FormSelect
            label={t`Class`}
            required
            placeholder={t`Select class`}
            options={classOptions.map((c) => ({ label: classOption(classLabel(c)), value: c._id }))}
            value={values.classId}
            onValueChange={chooseClass}
            disabled={!values.teacherId}
            error={errors.classId}
            helperText={errors.classId ? undefined : classHelp}
          />
          <FormSelect
            label={t`Subject`}
            required
            placeholder={t`Select subject`}
            options={subjectOptions.map((s) => ({ label: subjectOption(s.name, s.code), value: s._id }))}
            value={values.subjectId}
            onValueChange={(subjectId) => set({ subjectId })}
            disabled={!values.classId}
            error={errors.subjectId}
            helperText={errors.subjectId ? undefined : subjectHelp}
          />
          <FormSelect
            label={t`Day`}
            required
            placeholder={t`Select day`}
            options={WEEKDAYS.map((day) => ({ label: weekdayName(day), value: day }))}
            value={values.dayOfWeek}
            onValueChange={(dayOfWeek) => set({ dayOfWeek: dayOfWeek as Weekday })}
            error={errors.dayOfWeek}
          />
          <Field.Root invalid={Boolean(errors.room)}>
            <Field.Label>
              <Trans>Room</Trans>
            </Field.Label>
            <Field.Input
              value={values.room}
              onChange={(event) => set({ room: event.target.value })}
              placeholder={t`The class's room`}
              maxLength={40}
            />
            <Field.ErrorText>{errors.room}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={Boolean(errors.startTime)}>
            <Field.Label>
              <Trans>Start Time</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            <TimeInput value={values.startTime} onValueChange={(startTime) => set({ startTime })} />
            <Field.ErrorText>{errors.startTime}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={Boolean(errors.endTime)}>
            <Field.Label>
              <Trans>End Time</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            <TimeInput value={values.endTime} onValueChange={(endTime) => set({ endTime })} />
            <Field.ErrorText>{errors.endTime}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.notes)} className={formStyles.wide}>
            <Field.Label>
              <Trans>Notes</Trans>
            </Field.Label>
            <Textarea
              value={values.notes}
              onChange={(event) => set({ notes: event.target.value })}
              rows={2}
              maxLength={500}
            />
            <Field.ErrorText>{errors.notes}</Field.ErrorText>
          </Field.Root>
        </form>
      </Dialog.Body>
      <Dialog.FormFooter
        form={FORM_ID}
        busy={save.isPending}
        loadingText={item ? t`Saving...` : t`Creating...`}
        onCancel={onDone}
      >
        {item ? t`Save Changes` : t`Create Schedule`}
      </Dialog.FormFooter>
    </>
  );
}
