import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { UserPlus, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Pager } from '~/components/ui/pagination';
import { EditDeleteButtons } from '~/components/ui/row-actions';
import { Skeleton } from '~/components/ui/skeleton';
import * as Table from '~/components/ui/table';
import type { StudentCard } from '../api';
import { classLabel, parentSummary } from '../format';
import { StatusBadge } from './status-badge';

const styles = {
  name: css({
    fontWeight: 'medium',
    color: 'fg',
    minW: '0',
    overflowWrap: 'anywhere',
    _hover: { textDecoration: 'underline', color: 'brand.fg' },
  }),
  muted: css({ color: 'fg.muted' }),
  parents: css({ maxW: '64', color: 'fg.muted', fontSize: 'sm' }),
  actions: css({ display: 'flex', justifyContent: 'flex-end', gap: '1' }),
  mono: css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }),
  wide: css({ display: { base: 'none', md: 'block' } }),
  narrow: css({
    display: { base: 'flex', md: 'none' },
    flexDirection: 'column',
    bg: 'surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'card',
  }),
  item: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    px: '4',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'border',
    _last: { borderBottomWidth: '0' },
  }),
  itemTop: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' }),
  itemMeta: css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' }),
};

export interface ManageTabProps {
  students: StudentCard[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  error: Error | null;
  retry: () => void;
  filtered: boolean;
  onEdit: (student: StudentCard) => void;
  onDelete: (student: StudentCard) => void;
  onEnrol: () => void;
}

/** The manage table of spec-2: name, email, ID, class, roll number, parents, status, edit and delete. */
export function ManageTab({
  students,
  total,
  page,
  pageSize,
  onPageChange,
  error,
  retry,
  filtered,
  onEdit,
  onDelete,
  onEnrol,
}: ManageTabProps) {
  if (error && !students) {
    return (
      <Card.Root>
        <ErrorState title={t`Failed to fetch students`} description={error.message} onRetry={retry} />
      </Card.Root>
    );
  }
  if (students && students.length === 0) {
    return (
      <Card.Root>
        <EmptyState
          icon={Users}
          title={filtered ? t`No students match these filters` : t`No students yet`}
          description={filtered ? t`Try another search, class or status.` : t`Enrol the first student of the school.`}
          action={
            filtered ? null : (
              <Button onClick={onEnrol}>
                <UserPlus size={16} aria-hidden="true" />
                <Trans>Enrol Student</Trans>
              </Button>
            )
          }
        />
      </Card.Root>
    );
  }
  return (
    <>
      <ul className={styles.narrow} aria-label={t`Students`} aria-busy={!students || undefined}>
        {students
          ? null
          : [0, 1, 2, 3].map((i) => (
              <li key={i} className={styles.item}>
                <Skeleton variant="text" w="40" />
                <Skeleton variant="text" w="56" />
              </li>
            ))}
        {(students ?? []).map((s) => (
          <li key={s._id} className={styles.item}>
            <div className={styles.itemTop}>
              <Link to="/students/$studentId" params={{ studentId: s._id }} className={styles.name}>
                {s.name}
              </Link>
              <StatusBadge status={s.status} />
            </div>
            <span className={styles.itemMeta}>
              <Trans>
                {s.admissionNumber} · Class {classLabel(s.classId)} · Roll {s.rollNumber}
              </Trans>
            </span>
            <span className={styles.itemMeta}>{s.email ?? t`No email`}</span>
            <div className={styles.itemTop}>
              <span className={styles.itemMeta}>{parentSummary(s)}</span>
              <div className={styles.actions}>
                <EditDeleteButtons
                  editLabel={t`Edit ${s.name}`}
                  deleteLabel={t`Delete ${s.name}`}
                  onEdit={() => onEdit(s)}
                  onDelete={() => onDelete(s)}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <Table.Scroller className={styles.wide}>
        <Table.Root aria-busy={!students || undefined}>
          <Table.Caption>{filtered ? t`Students matching the filters` : t`Students`}</Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">
                <Trans>Name</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Email</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>ID</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Class</Trans>
              </Table.Header>
              <Table.Header scope="col" data-numeric="">
                <Trans>Roll No.</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Parents</Trans>
              </Table.Header>
              <Table.Header scope="col">
                <Trans>Status</Trans>
              </Table.Header>
              <Table.Header scope="col" data-numeric="">
                <span className={css({ srOnly: true })}>
                  <Trans>Actions</Trans>
                </span>
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {students
              ? students.map((s) => (
                  <Table.Row key={s._id}>
                    <Table.Cell>
                      <Link to="/students/$studentId" params={{ studentId: s._id }} className={styles.name}>
                        {s.name}
                      </Link>
                    </Table.Cell>
                    <Table.Cell className={styles.muted}>{s.email ?? t`No email`}</Table.Cell>
                    <Table.Cell className={styles.mono}>{s.admissionNumber}</Table.Cell>
                    <Table.Cell className={css({ whiteSpace: 'nowrap' })}>{classLabel(s.classId)}</Table.Cell>
                    <Table.Cell data-numeric="">{s.rollNumber}</Table.Cell>
                    <Table.Cell className={styles.parents}>{parentSummary(s)}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={s.status} />
                    </Table.Cell>
                    <Table.Cell>
                      <div className={styles.actions}>
                        <EditDeleteButtons
                          editLabel={t`Edit ${s.name}`}
                          deleteLabel={t`Delete ${s.name}`}
                          onEdit={() => onEdit(s)}
                          onDelete={() => onDelete(s)}
                          size="sm"
                        />
                      </div>
                    </Table.Cell>
                  </Table.Row>
                ))
              : [0, 1, 2, 3, 4, 5].map((i) => (
                  <Table.Row key={i}>
                    {[0, 1, 2, 3, 4, 5, 6, 7].map((j) => (
                      <Table.Cell key={j}>
                        <Skeleton variant="text" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
          </Table.Body>
        </Table.Root>
      </Table.Scroller>
      <Pager page={page} pageSize={pageSize} count={total} onPageChange={onPageChange} noun={t`students`} />
    </>
  );
}
