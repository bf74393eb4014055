import { useQuery } from '@tanstack/react-query';
import { Download, KeyRound, ScrollText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button, IconButton } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import * as Dialog from '~/components/ui/dialog';
import * as Field from '~/components/ui/field';
import { Skeleton } from '~/components/ui/skeleton';
import { Textarea } from '~/components/ui/textarea';
import { DocumentsPanel } from '~/features/documents';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { certificatesQuery, downloads, type Student, studentAttendanceQuery, useIssueCertificate } from '../api';
import { DAY_LABELS, DAY_TONES, formatDate, rateTone } from '../format';
import { REQUIRED_MESSAGE } from '../schemas';
import { ACCOUNT_LABELS, formatSchoolInstant, ResetPasswordsDialog, signInAccounts } from './reset-passwords-dialog';

const styles = {
  list: css({ display: 'flex', flexDirection: 'column' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '2.5',
    borderBottomWidth: '1px',
    borderColor: 'border',
    _last: { borderBottomWidth: '0' },
  }),
  itemText: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  itemName: css({ fontSize: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere' }),
  meta: css({ fontSize: 'xs', color: 'fg.muted' }),
  empty: css({ fontSize: 'sm', color: 'fg.muted' }),
  icon: css({ color: 'fg.muted', flexShrink: '0' }),
  figures: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' }),
  figure: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  figureValue: css({ fontSize: 'xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
};

/** Sign-in: which accounts sign in for this student, and the office's reset to new temporary passwords. */
export function SignInCard({ student }: { student: Student }) {
  const [open, setOpen] = useState(false);
  const accounts = signInAccounts(student);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Sign-in</Card.Title>
        <Card.Description>
          For a forgotten password or a temporary one that lapsed: issue new temporary passwords.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {accounts.length === 0 ? (
          <p className={styles.empty}>No portal accounts.</p>
        ) : (
          <ul className={styles.list} aria-label="Portal accounts">
            {accounts.map((a) => (
              <li key={a.account} className={styles.item}>
                <span className={styles.itemText}>
                  {/* Names are on the cards above; here each account by its role. */}
                  <span className={styles.itemName}>{ACCOUNT_LABELS[a.account]}</span>
                  <span className={styles.meta}>
                    {a.signIn?.lastAt
                      ? `Last signed in ${formatSchoolInstant(a.signIn.lastAt)}`
                      : 'Has not signed in yet'}
                  </span>
                </span>
                {a.signIn?.provisional ? (
                  <Badge tone="warning" size="sm">
                    Password from school
                  </Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button variant="outline" onClick={() => setOpen(true)} disabled={accounts.length === 0}>
            <KeyRound size={16} aria-hidden="true" />
            Reset passwords
          </Button>
        </div>
      </Card.Body>
      <ResetPasswordsDialog student={student} open={open} onClose={() => setOpen(false)} />
    </Card.Root>
  );
}

/** Documents: upload (PDF, PNG, JPEG up to 10 MB), download and delete. */
export function DocumentsCard({ student }: { student: Student }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Documents</Card.Title>
        <Card.Description>
          Birth certificate, previous report cards, photos: PDF, PNG or JPEG up to 10 MB.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <DocumentsPanel owner={{ type: 'student', id: student._id }} />
      </Card.Body>
    </Card.Root>
  );
}

/** The attendance summary: every mark so far, the rate in the spec's colours, and the latest marks. */
export function AttendanceCard({ student }: { student: Student }) {
  const attendance = useQuery(studentAttendanceQuery(student._id));
  const stats = attendance.data?.statistics;
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Attendance</Card.Title>
        <Card.Description>Every period marked since admission.</Card.Description>
      </Card.Header>
      <Card.Body>
        {attendance.isPending ? (
          <Skeleton h="24" />
        ) : attendance.isError ? (
          <p className={styles.empty}>Attendance could not be loaded: {attendance.error.message}</p>
        ) : !stats || stats.total === 0 ? (
          <p className={styles.empty}>No attendance marked yet.</p>
        ) : (
          <>
            <div className={styles.figures}>
              <div className={styles.figure}>
                <span className={styles.meta}>Attendance rate</span>
                <span className={styles.figureValue}>
                  <Badge tone={rateTone(stats.attendanceRate)} size="md">
                    {stats.attendanceRate.toFixed(1)}%
                  </Badge>
                </span>
              </div>
              <div className={styles.figure}>
                <span className={styles.meta}>Periods marked</span>
                <span className={styles.figureValue}>{stats.total}</span>
              </div>
              <div className={styles.figure}>
                <span className={styles.meta}>Present / Late</span>
                <span className={styles.figureValue}>
                  {stats.present} / {stats.late}
                </span>
              </div>
              <div className={styles.figure}>
                <span className={styles.meta}>Absent / Excused</span>
                <span className={styles.figureValue}>
                  {stats.absent} / {stats.excused}
                </span>
              </div>
            </div>
            <ul className={styles.list} aria-label="Latest marks">
              {attendance.data.records.slice(0, 5).map((r) => (
                <li key={r._id} className={styles.item}>
                  <span className={styles.itemText}>
                    <span className={styles.itemName}>{r.subjectId?.name ?? 'Subject'}</span>
                    <span className={styles.meta}>{formatDate(r.date)}</span>
                  </span>
                  <Badge tone={DAY_TONES[r.status] ?? 'neutral'} size="sm">
                    {DAY_LABELS[r.status] ?? r.status}
                  </Badge>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

const TC_FORM = 'transfer-certificate-form';
type TcValues = { reason: string; leavingDate: string; conduct: string; remarks: string };

/** Transfer certificates: the issued ones to download, and the dialog that issues one. */
export function CertificatesCard({ student }: { student: Student }) {
  const certificates = useQuery(certificatesQuery(student._id));
  const issue = useIssueCertificate(student._id);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<TcValues>({ reason: '', leavingDate: '', conduct: 'Good', remarks: '' });
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
    if (!values.reason.trim()) missing.reason = 'Reason is required';
    if (!values.leavingDate) missing.leavingDate = 'Leaving date is required';
    if (!values.conduct.trim()) missing.conduct = 'Conduct is required';
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      toast.error(REQUIRED_MESSAGE);
      return;
    }
    try {
      const tc = await issue.mutateAsync(values);
      toast.success('Transfer certificate issued successfully', {
        description: `${tc.certificateNumber}; the student is now inactive.`,
      });
      setOpen(false);
      setValues({ reason: '', leavingDate: '', conduct: 'Good', remarks: '' });
    } catch (error) {
      if (error instanceof ApiError) {
        const found: Partial<Record<keyof TcValues, string>> = {};
        for (const d of error.details) if (d.path) found[d.path as keyof TcValues] ??= d.msg;
        setErrors(found);
      }
      toast.error('Failed to issue the transfer certificate', { description: (error as Error).message });
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Transfer Certificate</Card.Title>
        <Card.Description>Issued when a student leaves; issuing marks the student inactive.</Card.Description>
      </Card.Header>
      <Card.Body>
        {certificates.isPending ? (
          <Skeleton h="12" />
        ) : certificates.isError ? (
          <p className={styles.empty}>Certificates could not be loaded: {certificates.error.message}</p>
        ) : certificates.data.length === 0 ? (
          <p className={styles.empty}>No transfer certificate issued.</p>
        ) : (
          <ul className={styles.list} aria-label="Transfer certificates">
            {certificates.data.map((tc) => (
              <li key={tc._id} className={styles.item}>
                <ScrollText size={18} aria-hidden="true" className={styles.icon} />
                <span className={styles.itemText}>
                  <span className={styles.itemName}>{tc.certificateNumber}</span>
                  <span className={styles.meta}>
                    Leaving {formatDate(tc.leavingDate)} · {tc.reason} · issued {formatDate(tc.issuedOn)}
                  </span>
                </span>
                <IconButton
                  label={`Download ${tc.certificateNumber}`}
                  size="sm"
                  onClick={() =>
                    void downloads
                      .certificate(student._id, tc)
                      .catch((e: Error) =>
                        toast.error('Failed to download the certificate', { description: e.message }),
                      )
                  }
                >
                  <Download size={16} aria-hidden="true" />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button variant="outline" onClick={() => setOpen(true)}>
            <ScrollText size={16} aria-hidden="true" />
            Issue Transfer Certificate
          </Button>
        </div>
      </Card.Body>

      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
        <Dialog.Surface>
          <Dialog.Header>
            <Dialog.Title>Issue Transfer Certificate</Dialog.Title>
            <Dialog.Description>
              For {student.name}. The certificate gets the school's next number and the student is marked inactive.
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <form id={TC_FORM} noValidate onSubmit={(event) => void submit(event)} className={styles.form}>
              <Field.Root required invalid={Boolean(errors.reason)}>
                <Field.Label>
                  Reason for leaving
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input value={values.reason} onChange={(e) => set({ reason: e.target.value })} maxLength={500} />
                <Field.ErrorText>{errors.reason}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={Boolean(errors.leavingDate)}>
                <Field.Label>
                  Leaving date
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input
                  type="date"
                  value={values.leavingDate}
                  onChange={(e) => set({ leavingDate: e.target.value })}
                />
                <Field.ErrorText>{errors.leavingDate}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={Boolean(errors.conduct)}>
                <Field.Label>
                  Conduct
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input
                  value={values.conduct}
                  onChange={(e) => set({ conduct: e.target.value })}
                  maxLength={100}
                />
                <Field.HelperText>For example Excellent, Very good, Good, Satisfactory.</Field.HelperText>
                <Field.ErrorText>{errors.conduct}</Field.ErrorText>
              </Field.Root>
              <Field.Root>
                <Field.Label>Remarks</Field.Label>
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
            loadingText="Issuing..."
            onCancel={() => setOpen(false)}
          >
            Issue Certificate
          </Dialog.FormFooter>
        </Dialog.Surface>
      </Dialog.Root>
    </Card.Root>
  );
}
