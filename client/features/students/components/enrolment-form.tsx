import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CircleAlert, UserPlus } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { AskNewPassword } from '~/components/ui/ask-new-password';
import { Button } from '~/components/ui/button';
import { DateInput } from '~/components/ui/date-input';
import * as Field from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { SimpleSelect } from '~/components/ui/select';
import { addressLabels } from '~/lib/address-labels';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { useFocusFirstInvalid } from '~/lib/use-focus-first-invalid';
import { GENDERS, type ParentAccount, RELATIONS, type Relation, type SchoolClass, useEnrolStudent } from '../api';
import { classLabel, genderLabel, listOf, relationLabel } from '../format';
import {
  type EnrolmentErrors,
  type EnrolmentField,
  type EnrolmentValues,
  emptyEnrolment,
  enrolmentBody,
  formFieldOf,
  passwordHint,
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
  const names = listOf(linked.map((p) => p.name));
  const description = linked.length ? t`Linked to existing parent account(s): ${names}.` : undefined;
  if (created > 0) {
    const accounts = plural(created, {
      one: '# parent account(s) created.',
      other: '# parent account(s) created.',
    });
    toast.success(t`Student enrolled successfully! ${accounts}`, {
      duration: 5000,
      description,
    });
  } else {
    toast.success(t`Student enrolled successfully!`, { description, duration: description ? 5000 : undefined });
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
  const focusFirstError = useFocusFirstInvalid(formRef, { center: true });

  const started = (relation: Relation) =>
    // i18n-ignore: the field names' endings, not texts.
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
      toast.error(error instanceof Error && error.message ? error.message : t`Failed to enroll student`);
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
    const who = relationLabel(relation);
    return (
      <Section
        key={relation}
        title={t`${who}'s Information`}
        hint={
          relation === 'father'
            ? t`At least one parent or guardian is required. A parent account is created for each parent with a name, email and password.`
            : undefined
        }
      >
        {text(`${relation}Name`, t`${who}'s Name`, { required: parentRequired(relation) })}
        {text(`${relation}Phone`, t`${who}'s Phone`, { type: 'tel' })}
        {text(`${relation}Email`, t`${who}'s Email`, { type: 'email', required: parentRequired(relation) })}
        {text(`${relation}Password`, t`${who}'s Password`, {
          type: 'password',
          helper: passwordHint(askNewPassword, true),
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
      aria-label={t`Enrol New Student`}
    >
      <Section title={t`Student Information`} hint={t`Fields marked * are required.`}>
        {text('name', t`Full Name`, { required: true, autoComplete: 'off' })}
        {text('email', t`Email`, { required: true, type: 'email' })}
        {text('password', t`Password`, {
          required: true,
          type: 'password',
          helper: passwordHint(askNewPassword),
        })}
        {text('phone', t`Phone`, { required: true, type: 'tel' })}
        <DateInput
          id={id('dateOfBirth')}
          label={t`Date of Birth`}
          required
          value={values.dateOfBirth}
          onValueChange={(value) => set('dateOfBirth', value)}
          error={errors.dateOfBirth}
        />
        <Field.Root invalid={Boolean(errors.gender)} required>
          <SimpleSelect
            label={t`Gender`}
            required
            invalid={Boolean(errors.gender)}
            placeholder={t`Select gender`}
            options={GENDERS.map((g) => ({ label: genderLabel(g), value: g }))}
            value={values.gender}
            onValueChange={(gender) => set('gender', gender)}
          />
          <Field.ErrorText>{errors.gender}</Field.ErrorText>
        </Field.Root>
      </Section>

      <Section title={t`Admission`}>
        <Field.Root invalid={Boolean(errors.classId)} required>
          <SimpleSelect
            label={t`Class`}
            required
            invalid={Boolean(errors.classId)}
            placeholder={classes.length ? t`Select class` : t`No classes yet`}
            options={classes.map((c) => ({ label: classLabel(c), value: c._id }))}
            value={values.classId}
            onValueChange={(classId) => set('classId', classId)}
          />
          <Field.ErrorText>{errors.classId}</Field.ErrorText>
        </Field.Root>
        {text('rollNumber', t`Roll Number`, { required: true })}
        <DateInput
          id={id('admissionDate')}
          label={t`Admission Date`}
          value={values.admissionDate}
          onValueChange={(value) => set('admissionDate', value)}
          error={errors.admissionDate}
          helper={t`Today's date when left empty.`}
        />
        {text('admissionNumber', t`Admission Number`, { helper: t`Generated (e.g. ADM2026001) when left empty.` })}
      </Section>

      <Section title={t`Address`}>
        {text('street', t`Street`, { wide: true })}
        {text('city', t`City`)}
        {text('state', address.region)}
        {text('zipCode', address.postalCode)}
      </Section>

      {RELATIONS.map(parentSection)}
      {errors.parents ? (
        <p className={styles.parentsError} role="alert">
          <CircleAlert size={14} aria-hidden="true" />
          {errors.parents}
        </p>
      ) : null}

      <Section title={t`Sign-in`}>
        <AskNewPassword
          checked={askNewPassword}
          onCheckedChange={setAskNewPassword}
          who={t`the student and each new parent`}
        />
      </Section>

      <div className={styles.actions}>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={enrol.isPending}>
            <Trans>Cancel</Trans>
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
            <Trans>Clear Form</Trans>
          </Button>
        )}
        <Button type="submit" loading={enrol.isPending} loadingText={t`Enrolling...`}>
          <UserPlus size={16} aria-hidden="true" />
          <Trans>Enrol Student</Trans>
        </Button>
      </div>
    </form>
  );
}
