import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Pencil, Trash2, UserX } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { lazyPart } from '~/components/ui/lazy-part';
import { mirrorInRtl } from '~/components/ui/mirror';
import { PageHeader } from '~/components/ui/page-header';
import { Skeleton } from '~/components/ui/skeleton';
import { StudentFeesCard } from '~/features/fees';
import { ApiError } from '~/lib/api';
import { classesQuery, studentQuery } from '../api';
import { addressLine, classLabel, formatDate, genderLabel, relationLabel } from '../format';
import { AttendanceCard, CertificatesCard, DocumentsCard, SignInCard } from './profile-cards';
import { StatusBadge } from './status-badge';
import { StudentYearsCard } from './years-card';

// Opened on a click: their code loads once the screen has drawn.
const DeleteStudentDialog = lazyPart(
  () => import('./student-dialogs').then((m) => m.DeleteStudentDialog),
  (p) => p.student !== null,
);
const EditStudentDialog = lazyPart(
  () => import('./student-dialogs').then((m) => m.EditStudentDialog),
  (p) => p.student !== null,
);

const styles = {
  back: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    fontSize: 'sm',
    color: 'fg.muted',
    mb: '3',
    _hover: { color: 'fg' },
  }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
    gap: { base: '4', md: '6' },
    alignItems: 'start',
  }),
  // Cards of different heights stack in two columns rather than leaving holes in a grid.
  column: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' }, minW: '0' }),
  details: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
    columnGap: '6',
    rowGap: { base: '0.5', sm: '2.5' },
    fontSize: 'sm',
  }),
  term: css({ color: 'fg.muted', mt: { base: '2', sm: '0' } }),
  value: css({ color: 'fg', overflowWrap: 'anywhere' }),
  missing: css({ color: 'fg.muted' }),
  parents: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  parent: css({ display: 'flex', flexDirection: 'column', gap: '0.5', fontSize: 'sm' }),
  parentName: css({ fontWeight: 'semibold' }),
  wide: css({ mt: { base: '4', md: '6' } }),
  title: css({ display: 'inline-flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' }),
};

function Detail({ term, value, missing = '—' }: { term: string; value: string | null | undefined; missing?: string }) {
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={value ? styles.value : styles.missing}>{value || missing}</dd>
    </>
  );
}

/** /students/:id: the whole record of one student, with documents, attendance and transfer certificates. */
export function StudentProfileScreen({ studentId }: { studentId: string }) {
  const navigate = useNavigate();
  const student = useQuery(studentQuery(studentId));
  const classes = useQuery(classesQuery());
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const back = (
    <Link to="/students" className={styles.back}>
      <ArrowLeft className={mirrorInRtl} size={16} aria-hidden="true" />
      <Trans>Back to Student Records</Trans>
    </Link>
  );

  if (student.isError) {
    const missing = student.error instanceof ApiError && student.error.status === 404;
    return (
      <>
        {back}
        <Card.Root>
          {missing ? (
            <EmptyState
              icon={UserX}
              title={t`Student not found`}
              description={t`This student does not exist or was deleted.`}
            />
          ) : (
            <ErrorState
              as="h2"
              title={t`The student could not be loaded`}
              description={student.error.message}
              onRetry={() => void student.refetch()}
            />
          )}
        </Card.Root>
      </>
    );
  }
  if (!student.data) {
    return (
      <>
        {back}
        <div aria-busy="true" className={styles.grid}>
          <span className={css({ srOnly: true })}>
            <Trans>Loading the student...</Trans>
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="64" borderRadius="card" />
          ))}
        </div>
      </>
    );
  }

  const s = student.data;
  const klass = classLabel(s.classId);
  return (
    <>
      {back}
      <PageHeader
        title={
          <span className={styles.title}>
            {s.name}
            <StatusBadge status={s.status} />
          </span>
        }
        description={t`Admission number ${s.admissionNumber} · Class ${klass} · Roll ${s.rollNumber}`}
        actions={
          <>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil size={16} aria-hidden="true" />
              <Trans>Edit</Trans>
            </Button>
            <Button variant="outline" onClick={() => setDeleting(true)}>
              <Trash2 size={16} aria-hidden="true" />
              <Trans>Delete</Trans>
            </Button>
          </>
        }
      />
      <div className={styles.grid}>
        <div className={styles.column}>
          <Card.Root>
            <Card.Header>
              <Card.Title>
                <Trans>Details</Trans>
              </Card.Title>
            </Card.Header>
            <Card.Body>
              <dl className={styles.details}>
                <Detail term={t`Email`} value={s.email} missing={t`No email`} />
                <Detail term={t`Phone`} value={s.phone} missing={t`No phone`} />
                <Detail term={t`Gender`} value={genderLabel(s.gender)} />
                <Detail term={t`Date of birth`} value={formatDate(s.dateOfBirth)} />
                <Detail
                  term={t`Address`}
                  value={
                    addressLine(s) === null
                      ? null
                      : [s.address.street, s.address.city, s.address.state, s.address.zipCode]
                          .filter(Boolean)
                          .join(', ')
                  }
                  missing={t`No address`}
                />
                <Detail term={t`Class`} value={klass} />
                <Detail term={t`Roll number`} value={s.rollNumber} />
                <Detail term={t`Admission number`} value={s.admissionNumber} />
                <Detail term={t`Admission date`} value={formatDate(s.admissionDate)} />
              </dl>
            </Card.Body>
          </Card.Root>
          <AttendanceCard student={s} />
          <SignInCard student={s} />
        </div>

        <div className={styles.column}>
          <Card.Root>
            <Card.Header>
              <Card.Title>
                <Trans>Parents</Trans>
              </Card.Title>
              <Card.Description>
                <Trans>Each has a parent account and sees this child when they sign in.</Trans>
              </Card.Description>
            </Card.Header>
            <Card.Body>
              {s.parents.length === 0 ? (
                <p className={styles.missing}>
                  <Trans>No parent info</Trans>
                </p>
              ) : (
                <ul className={styles.parents}>
                  {s.parents.map((p) => (
                    <li key={p._id} className={styles.parent}>
                      <span className={styles.parentName}>
                        {p.name} <span className={styles.missing}>({relationLabel(p.relation)})</span>
                      </span>
                      <span>{p.email}</span>
                      <span className={p.phone ? undefined : styles.missing}>{p.phone ?? t`No phone`}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card.Body>
          </Card.Root>

          <DocumentsCard student={s} />
          <CertificatesCard student={s} />
        </div>
      </div>
      <div className={styles.wide}>
        <StudentYearsCard studentId={s._id} />
      </div>
      <div className={styles.wide}>
        <StudentFeesCard studentId={s._id} />
      </div>

      <EditStudentDialog student={editing ? s : null} classes={classes.data ?? []} onClose={() => setEditing(false)} />
      <DeleteStudentDialog
        student={deleting ? s : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate({ to: '/students' })}
      />
    </>
  );
}
