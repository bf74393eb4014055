import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { AskNewPassword } from '~/components/ui/ask-new-password';
import { Checkbox } from '~/components/ui/checkbox';
import { DateInput } from '~/components/ui/date-input';
import * as Dialog from '~/components/ui/dialog';
import { serverFieldErrors } from '~/components/ui/form-errors';
import { FormSelect } from '~/components/ui/form-select';
import { addressLabels } from '~/lib/address-labels';
import { toast } from '~/lib/toast';
import {
  type Teacher,
  type TeacherCreateBody,
  type TeacherUpdateBody,
  useCreateTeacher,
  useUpdateTeacher,
} from '../api';
import { formatCount, genders, isActive, SUBJECTS, subjectLabel, subjectNames } from '../format';
import {
  checkFullTeacher,
  emailExists,
  type FullField,
  type FullTeacherForm,
  isEmailTaken,
  officePasswordHint,
  wholeNumber,
} from '../validation';
import { FormSection, formStyles, PasswordField, TextField, useFieldForm } from './form-parts';

const FORM_ID = 'teacher-full-form';
const FIELDS: FullField[] = [
  'name',
  'email',
  'password',
  'phone',
  'dateOfBirth',
  'gender',
  'designation',
  'qualification',
  'experience',
  'salary',
  'primarySubject',
];

const styles = {
  subjects: css({
    gridColumn: '1 / -1',
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
    gap: '1',
    maxH: '44',
    overflowY: 'auto',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
    bg: 'surface.subtle',
  }),
  legend: css({
    float: 'inline-start',
    gridColumn: '1 / -1',
    w: 'full',
    mb: '1',
    fontSize: 'sm',
    fontWeight: 'medium',
  }),
  fixed: css({
    display: 'flex',
    alignItems: 'center',
    h: { base: 'touch', lg: '9' },
    px: '3',
    borderRadius: 'control',
    bg: 'muted',
    color: 'fg.muted',
    fontSize: 'sm',
  }),
};

function emptyForm(): FullTeacherForm {
  return {
    name: '',
    email: '',
    password: '',
    phone: '',
    dateOfBirth: '',
    gender: '',
    designation: '',
    qualification: '',
    experience: '0',
    salary: '0',
    primarySubject: '',
    street: '',
    city: '',
    state: '',
    zipCode: '',
  };
}

function formOf(teacher: Teacher): FullTeacherForm {
  return {
    name: teacher.name,
    email: teacher.email,
    password: '',
    phone: teacher.phone ?? '',
    dateOfBirth: teacher.dateOfBirth ?? '',
    gender: teacher.gender ?? '',
    designation: teacher.designation ?? '',
    qualification: teacher.qualification ?? '',
    experience: String(teacher.experience ?? 0),
    salary: String(teacher.salary ?? 0),
    primarySubject: teacher.primarySubject ?? '',
    street: teacher.address?.street ?? '',
    city: teacher.address?.city ?? '',
    state: teacher.address?.state ?? '',
    zipCode: teacher.address?.zipCode ?? '',
  };
}

export type TeacherFormMode = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; teacher: Teacher };

export interface TeacherFormDialogProps {
  mode: TeacherFormMode;
  onClose: () => void;
  onCreated: (teacher: Teacher, password: string) => void;
}

/** 'Add New Teacher' (the full form, in titled sections) and 'Edit Teacher' (the same fields, password optional). */
export function TeacherFormDialog({ mode, onClose, onCreated }: TeacherFormDialogProps) {
  const editing = mode.kind === 'edit' ? mode.teacher : null;
  const editingName = editing?.name ?? '';
  return (
    <Dialog.Root open={mode.kind !== 'closed'} onOpenChange={(details) => !details.open && onClose()} size="lg">
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>{editing ? t`Edit Teacher: ${editingName}` : t`Add New Teacher`}</Dialog.Title>
          <Dialog.Description>
            {editing
              ? t`Change the teacher’s details. Leave the password blank to keep the current one.`
              : t`Teachers can access the system with the email and password you provide here. Fields marked * are required.`}
          </Dialog.Description>
        </Dialog.Header>
        {mode.kind === 'closed' ? null : (
          <TeacherForm key={editing?._id ?? 'new'} teacher={editing} onCancel={onClose} onCreated={onCreated} />
        )}
      </Dialog.Surface>
    </Dialog.Root>
  );
}

interface TeacherFormProps {
  teacher: Teacher | null;
  onCancel: () => void;
  onCreated: (teacher: Teacher, password: string) => void;
}

function TeacherForm({ teacher, onCancel, onCreated }: TeacherFormProps) {
  const { form, errors, setErrors, set, refuse, formRef } = useFieldForm<FullField, FullTeacherForm>(() =>
    teacher ? formOf(teacher) : emptyForm(),
  );
  const [others, setOthers] = useState<string[]>(() => (teacher ? subjectNames(teacher).slice(1) : []));
  const [active, setActive] = useState(() => (teacher ? isActive(teacher) : true));
  const [askNewPassword, setAskNewPassword] = useState(true);
  const address = addressLabels();
  const create = useCreateTeacher();
  const update = useUpdateTeacher();
  const saving = create.isPending || update.isPending;

  // Additional subjects exclude the primary one; subjects the school added beyond the spec's list stay offered.
  const choices = [...new Set([...SUBJECTS, ...(teacher ? subjectNames(teacher) : [])])];
  const additional = choices.filter((name) => name !== form.primarySubject);
  const toggle = (name: string, checked: boolean) =>
    setOthers((current) => (checked ? [...current, name] : current.filter((s) => s !== name)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const verdict = checkFullTeacher(form, teacher ? 'edit' : 'create', askNewPassword);
    if (verdict) {
      refuse(verdict);
      return;
    }
    const subjects = [form.primarySubject, ...others.filter((s) => s !== form.primarySubject)].filter(Boolean);
    const common = {
      name: form.name.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      designation: form.designation.trim(),
      qualification: form.qualification.trim(),
      experience: wholeNumber(form.experience) ?? 0,
      salary: wholeNumber(form.salary) ?? 0,
      subjects,
      address: {
        street: form.street.trim(),
        city: form.city.trim(),
        state: form.state.trim(),
        zipCode: form.zipCode.trim(),
      },
    };
    try {
      if (teacher) {
        // A teacher added with the simple form has no birth date, gender or primary subject yet: blanks stay blank.
        const body: TeacherUpdateBody = {
          ...common,
          dateOfBirth: form.dateOfBirth || null,
          gender: (form.gender || null) as TeacherUpdateBody['gender'],
          ...(form.primarySubject ? { primarySubject: form.primarySubject } : {}),
          isActive: active,
          ...(form.password ? { password: form.password, requirePasswordChange: askNewPassword } : {}),
        };
        await update.mutateAsync({ teacherId: teacher._id, body });
        toast.success(t`Teacher updated successfully`);
        onCancel();
      } else {
        const body: TeacherCreateBody = {
          ...common,
          password: form.password,
          requirePasswordChange: askNewPassword,
          department: 'Teaching', // i18n-ignore: the stored department's name
          dateOfBirth: form.dateOfBirth,
          // The full form's check has made it one of the genders.
          gender: form.gender as TeacherCreateBody['gender'],
          primarySubject: form.primarySubject,
        };
        const { teacher: created } = await create.mutateAsync(body);
        toast.success(t`Teacher added successfully!`);
        onCreated(created, form.password);
      }
    } catch (error) {
      setErrors(serverFieldErrors(error, FIELDS));
      if (isEmailTaken(error)) toast.error(emailExists());
      else if (teacher) toast.error(t`Failed to update teacher`, { description: (error as Error).message });
      else toast.error(t`Failed to add teacher`, { description: (error as Error).message });
    }
  };

  const subjectOptions = choices.map((name) => ({ label: subjectLabel(name), value: name }));
  return (
    <>
      <Dialog.Body>
        <form
          ref={formRef}
          id={FORM_ID}
          noValidate
          onSubmit={(event) => void submit(event)}
          className={formStyles.sections}
        >
          <FormSection title={t`Personal Information`}>
            <TextField
              label={t`Full Name`}
              required
              value={form.name}
              onValueChange={set('name')}
              error={errors.name}
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
            <PasswordField
              label={teacher ? t`New Password` : t`Password`}
              required={!teacher}
              value={form.password}
              onValueChange={set('password')}
              error={errors.password}
              helperText={
                teacher && !form.password
                  ? t`Leave blank to keep the current password`
                  : officePasswordHint(askNewPassword)
              }
            />
            {!teacher || form.password ? (
              <AskNewPassword checked={askNewPassword} onCheckedChange={setAskNewPassword} who={t`the teacher`} />
            ) : null}
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
            <DateInput
              label={t`Date of Birth`}
              required={!teacher}
              value={form.dateOfBirth}
              onValueChange={set('dateOfBirth')}
              error={errors.dateOfBirth}
            />
            <FormSelect
              label={t`Gender`}
              required={!teacher}
              options={genders()}
              value={form.gender}
              onValueChange={set('gender')}
              error={errors.gender}
            />
          </FormSection>

          <FormSection title={t`Professional Information`}>
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
              <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
                <Trans>Department</Trans>
              </span>
              <span className={styles.fixed}>
                <Trans>Teaching</Trans>
              </span>
            </div>
            <TextField
              label={t`Designation`}
              required={!teacher}
              value={form.designation}
              onValueChange={set('designation')}
              error={errors.designation}
              placeholder={t`e.g. Senior Teacher`}
              maxLength={120}
            />
            <TextField
              label={t`Qualification`}
              value={form.qualification}
              onValueChange={set('qualification')}
              error={errors.qualification}
              placeholder={t`e.g. M.Sc., B.Ed.`}
              maxLength={200}
            />
            <TextField
              label={t`Experience (years)`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={form.experience}
              onValueChange={set('experience')}
              error={errors.experience}
            />
            <TextField
              label={t`Monthly Salary`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={form.salary}
              onValueChange={set('salary')}
              error={errors.salary}
            />
            {teacher ? (
              <div className={css({ display: 'flex', alignItems: 'flex-end', pb: '2' })}>
                <Checkbox checked={active} onCheckedChange={(details) => setActive(details.checked === true)}>
                  <Trans>Active (can sign in)</Trans>
                </Checkbox>
              </div>
            ) : null}
          </FormSection>

          <FormSection title={t`Subjects`}>
            <FormSelect
              label={t`Primary Subject`}
              required={!teacher}
              options={subjectOptions}
              value={form.primarySubject}
              onValueChange={(value) => {
                set('primarySubject')(value);
                setOthers((current) => current.filter((s) => s !== value));
              }}
              error={errors.primarySubject}
            />
            <p className={formStyles.hint}>
              <Trans>The primary subject comes first on the teacher’s profile.</Trans>
            </p>
            <fieldset className={styles.subjects}>
              <legend className={styles.legend}>
                <Trans>Additional Subjects ({formatCount(others.length)} selected)</Trans>
              </legend>
              {additional.map((name) => (
                <Checkbox
                  key={name}
                  checked={others.includes(name)}
                  onCheckedChange={(details) => toggle(name, details.checked === true)}
                >
                  {subjectLabel(name)}
                </Checkbox>
              ))}
            </fieldset>
          </FormSection>

          <FormSection title={t`Address`}>
            <TextField label={t`Street`} wide value={form.street} onValueChange={set('street')} maxLength={200} />
            <TextField label={t`City`} value={form.city} onValueChange={set('city')} maxLength={100} />
            <TextField label={address.region} value={form.state} onValueChange={set('state')} maxLength={100} />
            <TextField label={address.postalCode} value={form.zipCode} onValueChange={set('zipCode')} maxLength={20} />
          </FormSection>
        </form>
      </Dialog.Body>
      <Dialog.FormFooter
        form={FORM_ID}
        busy={saving}
        loadingText={teacher ? t`Saving...` : t`Adding teacher...`}
        onCancel={onCancel}
      >
        {teacher ? t`Save Changes` : t`Add Teacher`}
      </Dialog.FormFooter>
    </>
  );
}
