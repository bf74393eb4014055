import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { loadCommonPasswords } from '../common-passwords';
import {
  changePassword,
  type NewPasswordErrors,
  type NewPasswordInput,
  type PasswordChanged,
  validateNewPassword,
} from '../password';
import { emptyPasswords } from './new-password-fields';

const SERVER_FIELDS: Record<string, keyof NewPasswordInput> = { currentPassword: 'current', newPassword: 'next' };

/**
 * The new-password form's state: checks on submit, sends with the portal's token, and puts the server's
 * refusals under their fields ('Current password is incorrect' under the current one).
 */
export function useNewPassword(options: {
  token: () => string | null;
  current?: string;
  onChanged: (result: PasswordChanged) => void;
}) {
  const [values, setValues] = useState<NewPasswordInput>(() => emptyPasswords(options.current));
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [checking, setChecking] = useState(false);
  // The list of common passwords starts downloading with the form, so it is usually there by the first submit.
  useEffect(() => {
    loadCommonPasswords().catch(() => undefined);
  }, []);
  const save = useMutation({
    mutationFn: (input: NewPasswordInput) => changePassword(options.token(), input),
  });

  const edit = (field: keyof NewPasswordInput, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || checking) return;
    setChecking(true);
    // Without the list (offline), the server still refuses a common password, under the same field.
    const common = await loadCommonPasswords().catch(() => new Set<string>());
    setChecking(false);
    const found = validateNewPassword(values, common);
    if (found) {
      setErrors(found);
      return;
    }
    save.mutate(values, {
      onSuccess: (result) => {
        toast.success(t`Password changed`);
        options.onChanged(result);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') {
          setErrors({ current: error.message });
          return;
        }
        if (error instanceof ApiError && error.details.length > 0) {
          const byField: NewPasswordErrors = {};
          for (const d of error.details) byField[SERVER_FIELDS[d.path ?? ''] ?? 'next'] ??= d.msg;
          setErrors(byField);
          return;
        }
        toast.error(error.message);
      },
    });
  };

  const reset = () => {
    setValues(emptyPasswords(options.current));
    setErrors({});
  };

  return { values, errors, edit, submit, reset, busy: save.isPending || checking };
}
