import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { PastYearNote } from '~/components/past-year-note';
import { DateField } from '~/components/ui/date-picker';
import * as Dialog from '~/components/ui/dialog';
import { DialogForm } from '~/components/ui/dialog-form';
import * as Field from '~/components/ui/field';
import { FieldMessage } from '~/components/ui/field-message';
import { serverFieldErrors } from '~/components/ui/form-errors';
import { SimpleSelect } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import { i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { type FeeStructure, FREQUENCIES, type Frequency, schoolBasicsQuery, useSaveStructure } from '../api';
import { frequencyName, parseAmount } from '../format';
import { refusedField } from '../refusals';
import { STRUCTURE_FIELDS, type StructureField, type StructureForm, validateStructure } from '../schemas';
import { useCategoryOptions, useClassOptions, useCurrency } from './pickers';

const styles = {
  form: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' }),
  wide: css({ gridColumn: { sm: 'span 2' } }),
  categoryHint: css({ fontSize: 'xs', color: 'fg.muted', mt: '1.5' }),
  linkButton: css({
    color: 'brand.fg',
    fontWeight: 'medium',
    cursor: 'pointer',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
  }),
};

const PAYERS = [
  { value: 'class', label: msg`Every student of the class` },
  { value: 'assigned', label: msg`Only the students assigned (optional)` },
];

function toForm(structure: FeeStructure | null, academicYear: string): StructureForm {
  if (!structure) {
    return {
      classId: '',
      categoryId: '',
      amount: '',
      dueDate: '',
      frequency: 'one-time',
      payers: 'class',
      academicYear,
      description: '',
    };
  }
  return {
    classId: structure.classId._id,
    categoryId: structure.categoryId._id,
    amount: (structure.amountMinor / 100).toFixed(2),
    dueDate: structure.dueDate,
    frequency: structure.frequency,
    payers: structure.optional ? 'assigned' : 'class',
    academicYear: structure.academicYear,
    description: structure.description ?? '',
  };
}

export interface StructureDialogProps {
  /** The structure to edit, or null to add one. */
  structure: FeeStructure | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onManageCategories: () => void;
}

export function StructureDialog({ structure, open, onOpenChange, onManageCategories }: StructureDialogProps) {
  const save = useSaveStructure();
  const currency = useCurrency();
  const school = useQuery(schoolBasicsQuery());
  const classOptions = useClassOptions();
  const categoryOptions = useCategoryOptions();
  const academicYear = school.data?.academicYear ?? '';
  const [form, setForm] = useState<StructureForm>(() => toForm(structure, academicYear));
  const [errors, setErrors] = useState<Partial<Record<StructureField, string>>>({});

  useEffect(() => {
    if (open) {
      setForm(toForm(structure, academicYear));
      setErrors({});
    }
  }, [open, structure, academicYear]);

  const edit = (field: StructureField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, errors: found } = validateStructure(form);
    if (!data) {
      setErrors(found ?? {});
      return;
    }
    const body = {
      classId: data.classId,
      categoryId: data.categoryId,
      amount: (parseAmount(data.amount) ?? 0) / 100,
      dueDate: data.dueDate,
      frequency: data.frequency,
      optional: data.payers === 'assigned',
      academicYear: data.academicYear || undefined,
      description: data.description || undefined,
    };
    save.mutate(
      { id: structure?._id, body },
      {
        onSuccess: () => {
          toast.success(structure ? t`Fee structure updated successfully` : t`Fee structure created successfully`);
          onOpenChange(false);
        },
        onError: (error) => {
          const field = refusedField(error);
          setErrors({ ...serverFieldErrors(error, STRUCTURE_FIELDS), ...(field ? { [field]: error.message } : {}) });
          toast.error(error.message);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Dialog.Surface>
        <DialogForm onSubmit={handleSubmit} noValidate>
          <Dialog.Header>
            <Dialog.Title>{structure ? t`Edit fee structure` : t`Add fee structure`}</Dialog.Title>
            <Dialog.Description>
              <Trans>
                What one class pays for one fee, and when. A monthly, quarterly or termly fee falls due once a period,
                from its first due date to the end of the school year.
              </Trans>
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body className={styles.form}>
            <PastYearNote />
            <div>
              <SimpleSelect
                label={t`Class`}
                options={classOptions}
                value={form.classId}
                invalid={Boolean(errors.classId)}
                placeholder={t`Choose a class`}
                onValueChange={(value) => edit('classId', value)}
              />
              <FieldMessage>{errors.classId}</FieldMessage>
            </div>
            <div>
              <SimpleSelect
                label={t`Fee category`}
                options={categoryOptions}
                value={form.categoryId}
                invalid={Boolean(errors.categoryId)}
                placeholder={t`Choose a category`}
                onValueChange={(value) => edit('categoryId', value)}
              />
              {errors.categoryId ? (
                <FieldMessage>{errors.categoryId}</FieldMessage>
              ) : (
                <p className={styles.categoryHint}>
                  <Trans>
                    Not listed?{' '}
                    <button type="button" className={styles.linkButton} onClick={onManageCategories}>
                      Manage categories
                    </button>
                  </Trans>
                </p>
              )}
            </div>
            <Field.Root invalid={Boolean(errors.amount)} required>
              <Field.Label>
                <Trans>Amount ({currency})</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                textAlign="end"
                value={form.amount}
                onChange={(event) => edit('amount', event.target.value)}
              />
              <Field.ErrorText>{errors.amount}</Field.ErrorText>
            </Field.Root>
            <div>
              <DateField
                label={t`Due date`}
                value={form.dueDate}
                invalid={Boolean(errors.dueDate)}
                onValueChange={(value) => edit('dueDate', value)}
              />
              <FieldMessage>{errors.dueDate}</FieldMessage>
            </div>
            <SimpleSelect
              label={t`Frequency`}
              options={FREQUENCIES.map((value) => ({ value, label: frequencyName(value) }))}
              value={form.frequency}
              onValueChange={(value) => edit('frequency', (value || 'one-time') as Frequency)}
            />
            <SimpleSelect
              label={t`Who pays`}
              options={PAYERS.map(({ value, label }) => ({ value, label: i18n._(label) }))}
              value={form.payers}
              onValueChange={(value) => edit('payers', value || 'class')}
            />
            <Field.Root invalid={Boolean(errors.academicYear)}>
              <Field.Label>
                <Trans>Academic year</Trans>
              </Field.Label>
              <Field.Input
                placeholder={academicYear || undefined}
                value={form.academicYear}
                onChange={(event) => edit('academicYear', event.target.value)}
              />
              <Field.ErrorText>{errors.academicYear}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.description)} className={styles.wide}>
              <Field.Label>
                <Trans>Description</Trans>
              </Field.Label>
              <Textarea
                rows={2}
                value={form.description}
                onChange={(event) => edit('description', event.target.value)}
              />
              <Field.ErrorText>{errors.description}</Field.ErrorText>
            </Field.Root>
          </Dialog.Body>
          <Dialog.FormFooter busy={save.isPending} loadingText={t`Saving...`} onCancel={() => onOpenChange(false)}>
            {structure ? t`Save changes` : t`Add fee structure`}
          </Dialog.FormFooter>
        </DialogForm>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
