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
import { addressLine, classLabel, formatDate, GENDER_LABELS, RELATION_LABELS } from '../format';
import { AttendanceCard, CertificatesCard, DocumentsCard, SignInCard } from './profile-cards';
import { StatusBadge } from './status-badge';

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
      <ArrowLeft size={16} className={mirrorInRtl} aria-hidden="true" />
      Back to Student Records
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
              title="Student not found"
              description="This student does not exist or was deleted."
            />
          ) : (
            <ErrorState
              as="h2"
              title="The student could not be loaded"
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
          <span className={css({ srOnly: true })}>Loading the student...</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="64" borderRadius="card" />
          ))}
        </div>
      </>
    );
  }

  const s = student.data;
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
        description={`Admission number ${s.admissionNumber} · Class ${classLabel(s.classId)} · Roll ${s.rollNumber}`}
        actions={
          <>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil size={16} aria-hidden="true" />
              Edit
            </Button>
            <Button variant="outline" onClick={() => setDeleting(true)}>
              <Trash2 size={16} aria-hidden="true" />
              Delete
            </Button>
          </>
        }
      />
      <div className={styles.grid}>
        <div className={styles.column}>
          <Card.Root>
            <Card.Header>
              <Card.Title>Details</Card.Title>
            </Card.Header>
            <Card.Body>
              <dl className={styles.details}>
                <Detail term="Email" value={s.email} missing="No email" />
                <Detail term="Phone" value={s.phone} missing="No phone" />
                <Detail term="Gender" value={GENDER_LABELS[s.gender]} />
                <Detail term="Date of birth" value={formatDate(s.dateOfBirth)} />
                <Detail
                  term="Address"
                  value={
                    addressLine(s) === 'No address'
                      ? null
                      : [s.address.street, s.address.city, s.address.state, s.address.zipCode]
                          .filter(Boolean)
                          .join(', ')
                  }
                  missing="No address"
                />
                <Detail term="Class" value={classLabel(s.classId)} />
                <Detail term="Roll number" value={s.rollNumber} />
                <Detail term="Admission number" value={s.admissionNumber} />
                <Detail term="Admission date" value={formatDate(s.admissionDate)} />
              </dl>
            </Card.Body>
          </Card.Root>
          <AttendanceCard student={s} />
          <SignInCard student={s} />
        </div>

        <div className={styles.column}>
          <Card.Root>
            <Card.Header>
              <Card.Title>Parents</Card.Title>
              <Card.Description>Each has a parent account and sees this child when they sign in.</Card.Description>
            </Card.Header>
            <Card.Body>
              {s.parents.length === 0 ? (
                <p className={styles.missing}>No parent info</p>
              ) : (
                <ul className={styles.parents}>
                  {s.parents.map((p) => (
                    <li key={p._id} className={styles.parent}>
                      <span className={styles.parentName}>
                        {p.name} <span className={styles.missing}>({RELATION_LABELS[p.relation]})</span>
                      </span>
                      <span>{p.email}</span>
                      <span className={p.phone ? undefined : styles.missing}>{p.phone ?? 'No phone'}</span>
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
