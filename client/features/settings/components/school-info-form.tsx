import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import * as Field from '~/components/ui/field';
import { serverFieldErrors } from '~/components/ui/form-errors';
import { FormSelect } from '~/components/ui/form-select';
import { preloadable, usePreloadWhenIdle } from '~/components/ui/lazy-part';
import { Skeleton } from '~/components/ui/skeleton';
import { Textarea } from '~/components/ui/textarea';
import { currentLanguage } from '~/lib/i18n';
import { LANGUAGE_NAMES, LANGUAGES } from '~/lib/languages';
import { schoolToday } from '~/lib/school-time';
import { toast } from '~/lib/toast';
import { academicYearOf } from '../../../../worker/lib/academic-year';
import { type SchoolInfo, schoolInfoQuery, useUpdateSchoolInfo } from '../api';
import { SCHOOL_INFO_FIELDS } from '../fields';
import type { SchoolInfoForm as Form, SchoolInfoField } from '../schemas';

// The rules (zod) are only needed to save: they load once the browser is idle, or on the first save.
const rules = preloadable(() => import('../schemas'));

const styles = {
  form: css({ display: 'flex', flexDirection: 'column' }),
  section: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '14rem minmax(0, 1fr)' },
    gap: { base: '4', md: '8' },
    py: '6',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0', pt: '0' },
  }),
  sectionTitle: css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg' }),
  sectionText: css({ fontSize: 'sm', color: 'fg.muted', mt: '1' }),
  fields: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
    gap: '5',
    alignContent: 'start',
  }),
  wide: css({ gridColumn: { md: 'span 2' } }),
  footer: css({ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
  actions: css({ display: 'flex', gap: '2', ms: 'auto' }),
};

/** January to December in the reader's language, as the year-start choices. */
function monthNames() {
  const format = new Intl.DateTimeFormat(currentLanguage(), { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2000, i, 1))));
}

const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'AED', 'SGD', 'AUD', 'CAD', 'ZAR', 'KES', 'NGN'];

function toForm(info: SchoolInfo): Form {
  return {
    name: info.name,
    code: info.code,
    email: info.email ?? '',
    phone: info.phone ?? '',
    address: info.address ?? '',
    website: info.website ?? '',
    academicBoard: info.academicBoard ?? '',
    academicYear: info.academicYear,
    yearStartMonth: String(info.yearStartMonth),
    semester: info.semester,
    timeZone: info.timeZone,
    currency: info.currency,
    language: info.language,
  };
}

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

interface TextFieldProps {
  field: SchoolInfoField;
  label: string;
  form: Form;
  errors: Partial<Record<SchoolInfoField, string>>;
  onEdit: (field: SchoolInfoField, value: string) => void;
  required?: boolean;
  type?: string;
  placeholder?: string;
  helper?: string;
  list?: string;
  className?: string;
  autoComplete?: string;
  multiline?: boolean;
}

function TextField(props: TextFieldProps) {
  const { field, label, form, errors, onEdit, required, helper, multiline, className, ...inputProps } = props;
  const value = form[field] ?? '';
  return (
    <Field.Root invalid={Boolean(errors[field])} required={required} className={className}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {multiline ? (
        <Textarea name={field} rows={3} value={value} onChange={(event) => onEdit(field, event.target.value)} />
      ) : (
        <Field.Input
          name={field}
          value={value}
          onChange={(event) => onEdit(field, event.target.value)}
          {...inputProps}
        />
      )}
      {helper && !errors[field] ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{errors[field]}</Field.ErrorText>
    </Field.Root>
  );
}

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <div>
        <h2 className={styles.sectionTitle}>{title}</h2>
        <p className={styles.sectionText}>{text}</p>
      </div>
      <div className={styles.fields}>{children}</div>
    </section>
  );
}

function FormSkeleton() {
  return (
    <Card.Root aria-busy="true">
      <Card.Body>
        {[0, 1, 2].map((section) => (
          <div key={section} className={styles.section}>
            <div>
              <Skeleton variant="text" w="32" />
            </div>
            <div className={styles.fields}>
              {[0, 1, 2, 3].map((field) => (
                <div key={field}>
                  <Skeleton variant="text" w="24" mb="2" />
                  <Skeleton h="10" w="full" />
                </div>
              ))}
            </div>
          </div>
        ))}
      </Card.Body>
    </Card.Root>
  );
}

export function SchoolInfoForm() {
  const info = useQuery(schoolInfoQuery());
  if (info.isPending) return <FormSkeleton />;
  if (info.isError) {
    return (
      <Card.Root>
        <ErrorState
          as="h2"
          title={t`School information could not be loaded`}
          description={info.error.message}
          onRetry={() => void info.refetch()}
          retrying={info.isFetching}
        />
      </Card.Root>
    );
  }
  return <SchoolInfoEditor key={info.data._id} info={info.data} />;
}

function SchoolInfoEditor({ info }: { info: SchoolInfo }) {
  const update = useUpdateSchoolInfo();
  usePreloadWhenIdle({ preload: rules.load });
  const [saved, setSaved] = useState<Form>(() => toForm(info));
  const [form, setForm] = useState<Form>(saved);
  const [errors, setErrors] = useState<Partial<Record<SchoolInfoField, string>>>({});
  const dirty = SCHOOL_INFO_FIELDS.some((field) => (form[field] ?? '') !== (saved[field] ?? ''));

  const edit = (field: SchoolInfoField, value: string) => {
    setForm((current) => ({ ...current, [field]: field === 'currency' ? value.toUpperCase() : value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const { validateSchoolInfo } = await rules.load();
    const { data, errors: found } = validateSchoolInfo(form);
    if (!data) {
      setErrors(found ?? {});
      const first = SCHOOL_INFO_FIELDS.find((field) => found?.[field]);
      if (first) (formElement.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    update.mutate(data, {
      onSuccess: (school) => {
        const next = toForm(school);
        setSaved(next);
        setForm(next);
        toast.success(t`School information updated successfully`);
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error, SCHOOL_INFO_FIELDS));
        toast.error(error.message);
      },
    });
  };

  const shared = { form, errors, onEdit: edit };
  // The year today falls in, on the school's clock, for the month chosen.
  const month = Number(form.yearStartMonth);
  const months = monthNames();
  const startMonth = months[month - 1];
  const suggested = month >= 1 && month <= 12 ? academicYearOf(schoolToday(saved.timeZone), month) : null;
  const chooseMonth = (value: string) => {
    if (!value) return;
    const year = academicYearOf(schoolToday(saved.timeZone), Number(value));
    setForm((current) => ({ ...current, yearStartMonth: value, academicYear: year }));
    setErrors((current) => ({ ...current, yearStartMonth: undefined, academicYear: undefined }));
  };
  return (
    <Card.Root>
      <form
        className={styles.form}
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-label={t`School information`}
      >
        <Card.Body>
          <Section title={t`School`} text={t`The name in the top bar and on receipts, and how the office is reached.`}>
            <TextField {...shared} field="name" label={t`School name`} required autoComplete="organization" />
            <TextField
              {...shared}
              field="code"
              label={t`School code`}
              required
              helper={t`2 to 32 letters, digits or dashes`}
            />
            <TextField {...shared} field="email" label={t`Email`} type="email" autoComplete="email" />
            <TextField {...shared} field="phone" label={t`Phone`} type="tel" autoComplete="tel" />
            {/* i18n-ignore: the start of a web address, the same in every language */}
            <TextField {...shared} field="website" label={t`Website`} type="url" placeholder="https://" />
            <TextField {...shared} field="academicBoard" label={t`Academic board`} placeholder={t`e.g. CBSE`} />
            <TextField {...shared} field="address" label={t`Address`} multiline className={styles.wide} />
          </Section>
          <Section
            title={t`Academic calendar`}
            text={t`The current year and term; new classes and fees default to them.`}
          >
            <FormSelect
              label={t`Year starts in`}
              options={months.map((label, i) => ({ label, value: String(i + 1) }))}
              value={form.yearStartMonth}
              onValueChange={chooseMonth}
              required
              error={errors.yearStartMonth}
              helperText={t`Changing it suggests the year today falls in.`}
            />
            <TextField
              {...shared}
              field="academicYear"
              label={t`Academic year`}
              required
              placeholder={suggested ?? undefined}
              helper={
                suggested && suggested !== form.academicYear
                  ? t`Today falls in ${suggested} for a year that starts in ${startMonth}.`
                  : t`The year named on new classes, fees and the timetable.`
              }
            />
            <TextField {...shared} field="semester" label={t`Semester`} required placeholder={t`Annual`} />
          </Section>
          <Section
            title={t`Region`}
            text={t`The school's day starts and ends in this time zone; money is shown in this currency; people who have not chosen a language see the portal in the school's.`}
          >
            <TextField
              {...shared}
              field="timeZone"
              label={t`Time zone`}
              required
              list="settings-time-zones"
              helper={t`An IANA name such as Asia/Kolkata`}
            />
            <TextField
              {...shared}
              field="currency"
              label={t`Currency`}
              required
              list="settings-currencies"
              helper={t`ISO code, e.g. INR`}
            />
            <FormSelect
              label={t`Language`}
              options={LANGUAGES.map((code) => ({ label: LANGUAGE_NAMES[code], value: code }))}
              value={form.language}
              onValueChange={(value) => edit('language', value)}
              required
              error={errors.language}
              helperText={t`Receipts, certificates and exports are printed in it too.`}
            />
            <datalist id="settings-time-zones">
              {timeZones().map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <datalist id="settings-currencies">
              {CURRENCIES.map((code) => (
                <option key={code} value={code} />
              ))}
            </datalist>
          </Section>
        </Card.Body>
        <Card.Footer className={styles.footer}>
          <span className={styles.hint} aria-live="polite">
            {dirty ? t`You have unsaved changes.` : t`All changes saved.`}
          </span>
          <div className={styles.actions}>
            <Button
              variant="outline"
              disabled={!dirty || update.isPending}
              onClick={() => {
                setForm(saved);
                setErrors({});
              }}
            >
              <Trans>Discard</Trans>
            </Button>
            <Button type="submit" disabled={!dirty} loading={update.isPending} loadingText={t`Saving...`}>
              <Save size={16} aria-hidden="true" />
              <Trans>Save changes</Trans>
            </Button>
          </div>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
