import { CircleAlert, UserPlus } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { AskNewPassword } from '~/components/ui/ask-new-password';
import { Button } from '~/components/ui/button';
import * as Field from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { SimpleSelect } from '~/components/ui/select';
import { addressLabels } from '~/lib/address-labels';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { officePasswordHint } from '../../../../worker/lib/password-policy';
import { GENDERS, type ParentAccount, RELATIONS, type Relation, type SchoolClass, useEnrolStudent } from '../api';
import { classLabel, GENDER_LABELS, RELATION_LABELS } from '../format';
import {
  type EnrolmentErrors,
  type EnrolmentField,
  type EnrolmentValues,
  emptyEnrolment,
  enrolmentBody,
  formFieldOf,
  NEED_A_PARENT,
  validateEnrolment,
} from '../schemas';

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '6' }),
  section: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
    gap: '4',
    minW: '0',
    border: 'none',
    p: '0',
    m: '0',
  }),
  legend: css({
    float: 'inline-start',
    w: 'full',
    gridColumn: '1 / -1',
    display: 'flex',
    flexDirection: 'column',
    gap: '0.5',
    pb: '2',
    mb: '1',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  legendTitle: css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg' }),
  legendHint: css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'normal' }),
  wide: css({ gridColumn: '1 / -1' }),
  parentsError: css({
    gridColumn: '1 / -1',
    display: 'flex',
    alignItems: 'center',
    gap: '1.5',
    fontSize: 'sm',
    color: 'danger.fg',
  }),
  actions: css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '2', pt: '2' }),
};

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>
        <span className={styles.legendTitle}>{title}</span>
        {hint ? <span className={styles.legendHint}>{hint}</span> : null}
      </legend>
      {children}
    </fieldset>
  );
}

export interface EnrolmentFormProps {
  classes: SchoolClass[];
  /** Called after a successful enrolment (the form has already reset itself). */
  onEnrolled?: (result: { _id: string; name: string; parentAccounts: ParentAccount[] }) => void;
  onCancel?: () => void;
  /** Distinguishes the ids of two forms on one page (the tab and the modal). */
  idPrefix: string;
}

/** The spec's toast: 'Student enrolled successfully!' plus ' N parent account(s) created.' for 5 seconds. */
export function announceEnrolment(parentAccounts: ParentAccount[]) {
  const created = parentAccounts.filter((p) => !p.linkedExisting).length;
  const linked = parentAccounts.filter((p) => p.linkedExisting);
  const description = linked.length
    ? `Linked to existing parent account(s): ${linked.map((p) => p.name).join(', ')}.`
    : undefined;
  if (created > 0) {
    toast.success(`Student enrolled successfully! ${created} parent account(s) created.`, {
      duration: 5000,
      description,
    });
  } else {
    toast.success('Student enrolled successfully!', { description, duration: description ? 5000 : undefined });
  }
}

/** A refusal the server sent without a field path (a race at the write), matched to its field by its code. */
function refusedField(error: ApiError): EnrolmentField | null {
  if (error.code === 'EMAIL_TAKEN') return 'email';
  if (error.code === 'ROLL_NUMBER_TAKEN') return 'rollNumber';
  if (error.code === 'ADMISSION_NUMBER_TAKEN') return 'admissionNumber';
  return null;
}

/** The long enrolment form in titled sections: student, admission, address, father, mother, guardian. */
export function EnrolmentForm({ classes, onEnrolled, onCancel, idPrefix }: EnrolmentFormProps) {
  const [values, setValues] = useState<EnrolmentValues>(emptyEnrolment);
  const [errors, setErrors] = useState<EnrolmentErrors>({});
  const [askNewPassword, setAskNewPassword] = useState(true);
  const formRef = useRef<HTMLFormElement>(null);
  const enrol = useEnrolStudent();
  const address = addressLabels();

  const set = (field: EnrolmentField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field] && !(current.parents && /^(father|mother|guardian)/.test(field))) return current;
      const next = { ...current };
      delete next[field];
      if (/^(father|mother|guardian)/.test(field)) delete next.parents;
      return next;
    });
  };

  // The field is brought to the middle of the dialog, not just to its edge, so its message shows too.
  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] button');
      field?.scrollIntoView({ block: 'center' });
      field?.focus({ preventScroll: true });
    });

  const started = (relation: Relation) =>
    (['Name', 'Email', 'Password', 'Phone'] as const).some((part) => values[`${relation}${part}`].trim());
  // Until a parent is filled in, the father's section shows what one parent needs.
  const parentRequired = (relation: Relation) =>
    started(relation) || (relation === 'father' && !RELATIONS.some(started));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const failed = validateEnrolment(values, askNewPassword);
    if (failed) {
      setErrors(failed.errors);
      toast.error(failed.toast);
      focusFirstError();
      return;
    }
    try {
      const result = await enrol.mutateAsync({ ...enrolmentBody(values), requirePasswordChange: askNewPassword });
      announceEnrolment(result.parentAccounts);
      setValues(emptyEnrolment());
      setErrors({});
      onEnrolled?.(result);
    } catch (error) {
      if (error instanceof ApiError) {
        const found: EnrolmentErrors = {};
        for (const detail of error.details) {
          const field = formFieldOf(detail.path);
          if (field) found[field] ??= detail.msg;
        }
        const refused = error.details.length === 0 ? refusedField(error) : null;
        if (refused) found[refused] = error.message;
        if (Object.keys(found).length > 0) {
          setErrors(found);
          focusFirstError();
        }
      }
      toast.error(error instanceof Error && error.message ? error.message : 'Failed to enroll student');
    }
  };

  const id = (field: string) => `${idPrefix}-${field}`;
  const text = (
    field: EnrolmentField,
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string; helper?: string; wide?: boolean } = {},
  ) => (
    <Field.Root
      key={field}
      id={id(field)}
      required={options.required}
      invalid={Boolean(errors[field])}
      className={options.wide ? styles.wide : undefined}
    >
      <Field.Label>
        {label}
        {options.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {options.type === 'password' ? (
        <PasswordInput
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
          autoComplete="new-password"
        />
      ) : (
        <Field.Input
          type={options.type ?? 'text'}
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
          autoComplete={options.autoComplete ?? 'off'}
        />
      )}
      {options.helper && !errors[field] ? <Field.HelperText>{options.helper}</Field.HelperText> : null}
      <Field.ErrorText>{errors[field]}</Field.ErrorText>
    </Field.Root>
  );

  const parentSection = (relation: Relation) => {
    const label = RELATION_LABELS[relation];
    return (
      <Section
        key={relation}
        title={`${label}'s Information`}
        hint={
          relation === 'father'
            ? 'At least one parent or guardian is required. A parent account is created for each parent with a name, email and password.'
            : undefined
        }
      >
        {text(`${relation}Name`, `${label}'s Name`, { required: parentRequired(relation) })}
        {text(`${relation}Phone`, `${label}'s Phone`, { type: 'tel' })}
        {text(`${relation}Email`, `${label}'s Email`, { type: 'email', required: parentRequired(relation) })}
        {text(`${relation}Password`, `${label}'s Password`, {
          type: 'password',
          helper: `${officePasswordHint(askNewPassword)}. Leave empty if this email already has a parent account here.`,
        })}
      </Section>
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className={styles.form}
      aria-label="Enrol New Student"
    >
      <Section title="Student Information" hint="Fields marked * are required.">
        {text('name', 'Full Name', { required: true, autoComplete: 'off' })}
        {text('email', 'Email', { required: true, type: 'email' })}
        {text('password', 'Password', {
          required: true,
          type: 'password',
          helper: `${officePasswordHint(askNewPassword)}.`,
        })}
        {text('phone', 'Phone', { required: true, type: 'tel' })}
        {text('dateOfBirth', 'Date of Birth', { required: true, type: 'date' })}
        <Field.Root invalid={Boolean(errors.gender)} required>
          <SimpleSelect
            label="Gender"
            required
            invalid={Boolean(errors.gender)}
            placeholder="Select gender"
            options={GENDERS.map((g) => ({ label: GENDER_LABELS[g], value: g }))}
            value={values.gender}
            onValueChange={(gender) => set('gender', gender)}
          />
          <Field.ErrorText>{errors.gender}</Field.ErrorText>
        </Field.Root>
      </Section>

      <Section title="Admission">
        <Field.Root invalid={Boolean(errors.classId)} required>
          <SimpleSelect
            label="Class"
            required
            invalid={Boolean(errors.classId)}
            placeholder={classes.length ? 'Select class' : 'No classes yet'}
            options={classes.map((c) => ({ label: classLabel(c), value: c._id }))}
            value={values.classId}
            onValueChange={(classId) => set('classId', classId)}
          />
          <Field.ErrorText>{errors.classId}</Field.ErrorText>
        </Field.Root>
        {text('rollNumber', 'Roll Number', { required: true })}
        {text('admissionDate', 'Admission Date', { type: 'date', helper: "Today's date when left empty." })}
        {text('admissionNumber', 'Admission Number', { helper: 'Generated (e.g. ADM2026001) when left empty.' })}
      </Section>

      <Section title="Address">
        {text('street', 'Street', { wide: true })}
        {text('city', 'City')}
        {text('state', address.region)}
        {text('zipCode', address.postalCode)}
      </Section>

      {RELATIONS.map(parentSection)}
      {errors.parents ? (
        <p className={styles.parentsError} role="alert">
          <CircleAlert size={14} aria-hidden="true" />
          {errors.parents === NEED_A_PARENT ? NEED_A_PARENT : errors.parents}
        </p>
      ) : null}

      <Section title="Sign-in">
        <AskNewPassword
          checked={askNewPassword}
          onCheckedChange={setAskNewPassword}
          who="the student and each new parent"
        />
      </Section>

      <div className={styles.actions}>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={enrol.isPending}>
            Cancel
          </Button>
        ) : (
          <Button
            variant="outline"
            onClick={() => {
              setValues(emptyEnrolment());
              setErrors({});
            }}
            disabled={enrol.isPending}
          >
            Clear Form
          </Button>
        )}
        <Button type="submit" loading={enrol.isPending} loadingText="Enrolling...">
          <UserPlus size={16} aria-hidden="true" />
          Enrol Student
        </Button>
      </div>
    </form>
  );
}
