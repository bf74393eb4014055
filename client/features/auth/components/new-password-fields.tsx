import { msg } from '@lingui/core/macro';
import * as Field from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { i18n } from '~/lib/i18n';
import { chosenPasswordHint } from '~/lib/password-texts';
import type { NewPasswordErrors, NewPasswordInput } from '../password';

export interface NewPasswordFieldsProps {
  values: NewPasswordInput;
  errors: NewPasswordErrors;
  onChange: (field: keyof NewPasswordInput, value: string) => void;
  /** The first sign-in already has the current (temporary) password: only the new one is asked for. */
  askCurrent: boolean;
}

const FIELDS = [
  { key: 'current', label: msg`Current password`, autoComplete: 'current-password' },
  { key: 'next', label: msg`New password`, autoComplete: 'new-password' },
  { key: 'confirm', label: msg`Confirm new password`, autoComplete: 'new-password' },
] as const;

/** Current, new and repeated password, each with its show/hide toggle and its message. */
export function NewPasswordFields({ values, errors, onChange, askCurrent }: NewPasswordFieldsProps) {
  return (
    <>
      {FIELDS.filter((f) => askCurrent || f.key !== 'current').map((f) => (
        <Field.Root key={f.key} invalid={Boolean(errors[f.key])} required>
          <Field.Label>
            {i18n._(f.label)}
            <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name={f.key === 'next' ? 'new-password' : f.key}
            autoComplete={f.autoComplete}
            value={values[f.key]}
            onChange={(event) => onChange(f.key, event.target.value)}
          />
          {f.key === 'next' && !errors.next ? <Field.HelperText>{chosenPasswordHint()}</Field.HelperText> : null}
          <Field.ErrorText>{errors[f.key]}</Field.ErrorText>
        </Field.Root>
      ))}
    </>
  );
}

/** The fields' state and checks, shared by the first sign-in and the account menu's dialog. */
export function emptyPasswords(current = ''): NewPasswordInput {
  return { current, next: '', confirm: '' };
}
