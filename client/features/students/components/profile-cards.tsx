import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Download, KeyRound, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button, IconButton } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { lazyPart } from '~/components/ui/lazy-part';
import { Skeleton } from '~/components/ui/skeleton';
import { DocumentsPanel } from '~/features/documents';
import { toast } from '~/lib/toast';
import { certificatesQuery, downloads, type Student, studentAttendanceQuery } from '../api';
import { DAY_TONES, dayLabel, formatDate, formatPercent, rateTone } from '../format';
import { accountLabel, formatSchoolInstant, signInAccounts } from './sign-in-accounts';

// Opened on a click: their code loads once the screen has drawn.
const ResetPasswordsDialog = lazyPart(() => import('./reset-passwords-dialog').then((m) => m.ResetPasswordsDialog));
const IssueCertificateDialog = lazyPart(() => import('./certificate-dialog').then((m) => m.IssueCertificateDialog));

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
};

/** Sign-in: which accounts sign in for this student, and the office's reset to new temporary passwords. */
export function SignInCard({ student }: { student: Student }) {
  const [open, setOpen] = useState(false);
  const accounts = signInAccounts(student);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>Sign-in</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>For a forgotten password or a temporary one that lapsed: issue new temporary passwords.</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {accounts.length === 0 ? (
          <p className={styles.empty}>
            <Trans>No portal accounts.</Trans>
          </p>
        ) : (
          <ul className={styles.list} aria-label={t`Portal accounts`}>
            {accounts.map((a) => (
              <li key={a.account} className={styles.item}>
                <span className={styles.itemText}>
                  {/* Names are on the cards above; here each account by its role. */}
                  <span className={styles.itemName}>{accountLabel(a.account)}</span>
                  <span className={styles.meta}>
                    {a.signIn?.lastAt
                      ? t`Last signed in ${formatSchoolInstant(a.signIn.lastAt)}`
                      : t`Has not signed in yet`}
                  </span>
                </span>
                {a.signIn?.provisional ? (
                  <Badge tone="warning" size="sm">
                    <Trans>Password from school</Trans>
                  </Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button variant="outline" onClick={() => setOpen(true)} disabled={accounts.length === 0}>
            <KeyRound size={16} aria-hidden="true" />
            <Trans>Reset passwords</Trans>
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
        <Card.Title>
          <Trans>Documents</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Birth certificate, previous report cards, photos: PDF, PNG or JPEG up to 10 MB.</Trans>
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
        <Card.Title>
          <Trans>Attendance</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Every period marked since admission.</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {attendance.isPending ? (
          <Skeleton h="24" />
        ) : attendance.isError ? (
          <p className={styles.empty}>
            <Trans>Attendance could not be loaded: {attendance.error.message}</Trans>
          </p>
        ) : !stats || stats.total === 0 ? (
          <p className={styles.empty}>
            <Trans>No attendance marked yet.</Trans>
          </p>
        ) : (
          <>
            <div className={styles.figures}>
              <div className={styles.figure}>
                <span className={styles.meta}>
                  <Trans>Attendance rate</Trans>
                </span>
                <span className={styles.figureValue}>
                  <Badge tone={rateTone(stats.attendanceRate)} size="md">
                    {formatPercent(stats.attendanceRate)}
                  </Badge>
                </span>
              </div>
              <div className={styles.figure}>
                <span className={styles.meta}>
                  <Trans>Periods marked</Trans>
                </span>
                <span className={styles.figureValue}>{stats.total}</span>
              </div>
              <div className={styles.figure}>
                <span className={styles.meta}>
                  <Trans>Present / Late</Trans>
                </span>
                <span className={styles.figureValue}>
                  {stats.present} / {stats.late}
                </span>
              </div>
              <div className={styles.figure}>
                <span className={styles.meta}>
                  <Trans>Absent / Excused</Trans>
                </span>
                <span className={styles.figureValue}>
                  {stats.absent} / {stats.excused}
                </span>
              </div>
            </div>
            <ul className={styles.list} aria-label={t`Latest marks`}>
              {attendance.data.records.slice(0, 5).map((r) => (
                <li key={r._id} className={styles.item}>
                  <span className={styles.itemText}>
                    <span className={styles.itemName}>{r.subjectId?.name ?? t`Subject`}</span>
                    <span className={styles.meta}>{formatDate(r.date)}</span>
                  </span>
                  <Badge tone={DAY_TONES[r.status] ?? 'neutral'} size="sm">
                    {dayLabel(r.status)}
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

/** Transfer certificates: the issued ones to download, and the dialog that issues one. */
export function CertificatesCard({ student }: { student: Student }) {
  const certificates = useQuery(certificatesQuery(student._id));
  const [open, setOpen] = useState(false);

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>Transfer Certificate</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Issued when a student leaves; issuing marks the student inactive.</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {certificates.isPending ? (
          <Skeleton h="12" />
        ) : certificates.isError ? (
          <p className={styles.empty}>
            <Trans>Certificates could not be loaded: {certificates.error.message}</Trans>
          </p>
        ) : certificates.data.length === 0 ? (
          <p className={styles.empty}>
            <Trans>No transfer certificate issued.</Trans>
          </p>
        ) : (
          <ul className={styles.list} aria-label={t`Transfer certificates`}>
            {certificates.data.map((tc) => (
              <li key={tc._id} className={styles.item}>
                <ScrollText size={18} aria-hidden="true" className={styles.icon} />
                <span className={styles.itemText}>
                  <span className={styles.itemName}>{tc.certificateNumber}</span>
                  <span className={styles.meta}>
                    <Trans>
                      Leaving {formatDate(tc.leavingDate)} · {tc.reason} · issued {formatDate(tc.issuedOn)}
                    </Trans>
                  </span>
                </span>
                <IconButton
                  label={t`Download ${tc.certificateNumber}`}
                  size="sm"
                  onClick={() =>
                    void downloads
                      .certificate(student._id, tc)
                      .catch((e: Error) =>
                        toast.error(t`Failed to download the certificate`, { description: e.message }),
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
            <Trans>Issue Transfer Certificate</Trans>
          </Button>
        </div>
      </Card.Body>

      <IssueCertificateDialog student={student} open={open} onOpenChange={setOpen} />
    </Card.Root>
  );
}
