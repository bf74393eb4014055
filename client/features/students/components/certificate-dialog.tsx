import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { DateInput } from '~/components/ui/date-input';
import * as Dialog from '~/components/ui/dialog';
import * as Field from '~/components/ui/field';
import { Textarea } from '~/components/ui/textarea';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { type Student, useIssueCertificate } from '../api';
import { requiredMessage } from '../schemas';

const TC_FORM = 'transfer-certificate-form';
type TcValues = { reason: string; leavingDate: string; conduct: string; remarks: string };

const styles = { form: css({ display: 'flex', flexDirection: 'column', gap: '4' }) };

export interface IssueCertificateDialogProps {
  student: Student;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Issues a transfer certificate: reason, leaving date, conduct and remarks. */
export function IssueCertificateDialog({ student, open, onOpenChange }: IssueCertificateDialogProps) {
  const issue = useIssueCertificate(student._id);
  // The usual conduct, in the reader's language: it is printed on the certificate as written.
  const blank = (): TcValues => ({ reason: '', leavingDate: '', conduct: t`Good`, remarks: '' });
  const [values, setValues] = useState<TcValues>(blank);
  const [errors, setErrors] = useState<Partial<Record<keyof TcValues, string>>>({});

  const set = (patch: Partial<TcValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof TcValues];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<keyof TcValues, string>> = {};
    if (!values.reason.trim()) missing.reason = t`Reason is required`;
    if (!values.leavingDate) missing.leavingDate = t`Leaving date is required`;
    if (!values.conduct.trim()) missing.conduct = t`Conduct is required`;
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      toast.error(requiredMessage());
      return;
    }
    try {
      const tc = await issue.mutateAsync(values);
      const number = tc.certificateNumber;
      toast.success(t`Transfer certificate issued successfully`, {
        description: t`${number}; the student is now inactive.`,
      });
      onOpenChange(false);
      setValues(blank());
    } catch (error) {
      if (error instanceof ApiError) {
        const found: Partial<Record<keyof TcValues, string>> = {};
        for (const d of error.details) if (d.path) found[d.path as keyof TcValues] ??= d.msg;
        setErrors(found);
      }
      toast.error(t`Failed to issue the transfer certificate`, { description: (error as Error).message });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Issue Transfer Certificate</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              For {student.name}. The certificate gets the school's next number and the student is marked inactive.
            </Trans>
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <form id={TC_FORM} noValidate onSubmit={(event) => void submit(event)} className={styles.form}>
            <Field.Root required invalid={Boolean(errors.reason)}>
              <Field.Label>
                <Trans>Reason for leaving</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input value={values.reason} onChange={(e) => set({ reason: e.target.value })} maxLength={500} />
              <Field.ErrorText>{errors.reason}</Field.ErrorText>
            </Field.Root>
            <DateInput
              label={t`Leaving date`}
              required
              value={values.leavingDate}
              onValueChange={(leavingDate) => set({ leavingDate })}
              error={errors.leavingDate}
            />
            <Field.Root required invalid={Boolean(errors.conduct)}>
              <Field.Label>
                <Trans>Conduct</Trans>
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input value={values.conduct} onChange={(e) => set({ conduct: e.target.value })} maxLength={100} />
              <Field.HelperText>
                <Trans>For example Excellent, Very good, Good, Satisfactory.</Trans>
              </Field.HelperText>
              <Field.ErrorText>{errors.conduct}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>
                <Trans>Remarks</Trans>
              </Field.Label>
              <Textarea
                value={values.remarks}
                onChange={(e) => set({ remarks: e.target.value })}
                rows={3}
                maxLength={1000}
              />
            </Field.Root>
          </form>
        </Dialog.Body>
        <Dialog.FormFooter
          form={TC_FORM}
          busy={issue.isPending}
          loadingText={t`Issuing...`}
          onCancel={() => onOpenChange(false)}
        >
          <Trans>Issue Certificate</Trans>
        </Dialog.FormFooter>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
