import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FilterX, Plus, RefreshCw, UserPlus, Users } from 'lucide-react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import * as Table from '~/components/ui/table';
import type { Teacher } from '../api';
import { formatCount, formatDate, isActive } from '../format';
import { ActiveBadge, PersonCell, PhoneCell, RowActionsCell, SectionCard } from './parts';
import { tableStyles } from './table-styles';

export interface TeachersTabProps {
  teachers: Teacher[];
  /** Before the search and filters. */
  allCount: number;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRefresh: () => void;
  onAdd: () => void;
  onEdit: (teacher: Teacher) => void;
  onDelete: (teacher: Teacher) => void;
  onReactivate: (teacher: Teacher) => void;
  onDocuments: (teacher: Teacher) => void;
  onClearFilters: () => void;
}

const COLUMNS = ['name', 'email', 'phone', 'role', 'status', 'created', 'actions'] as const;
const columnLabels = (): Record<(typeof COLUMNS)[number], string> => ({
  name: t`Name`,
  email: t`Email`,
  phone: t`Phone`,
  role: t`Role`,
  status: t`Status`,
  created: t`Created`,
  actions: t`Actions`,
});

/** 'All Teachers (count)': the table with Refresh and Add Teacher, its loading and empty states. */
export function TeachersTab(props: TeachersTabProps) {
  const {
    teachers,
    allCount,
    loading,
    refreshing,
    error,
    onRefresh,
    onAdd,
    onEdit,
    onDelete,
    onReactivate,
    onDocuments,
  } = props;
  const label = columnLabels();
  const actions = (
    <>
      <Button variant="outline" onClick={onRefresh} loading={refreshing} loadingText={t`Refreshing...`}>
        <RefreshCw size={16} aria-hidden="true" />
        <Trans>Refresh</Trans>
      </Button>
      <Button onClick={onAdd}>
        <Plus size={16} aria-hidden="true" />
        <Trans>Add Teacher</Trans>
      </Button>
    </>
  );

  let body: React.ReactNode;
  if (loading) {
    body = (
      <Table.Scroller className={tableStyles.scroller} aria-busy="true">
        <Table.Root className={tableStyles.root}>
          <Table.Caption srOnly>
            <Trans>Loading teachers...</Trans>
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              {COLUMNS.map((c) => (
                <Table.Header key={c}>{label[c]}</Table.Header>
              ))}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {[0, 1, 2, 3, 4].map((row) => (
              <Table.Row key={row} aria-hidden="true">
                {COLUMNS.map((c) => (
                  <Table.Cell key={c}>
                    <Skeleton variant="text" w={c === 'name' ? '32' : '20'} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Scroller>
    );
  } else if (error && allCount === 0) {
    body = <ErrorState title={t`Teachers could not be loaded`} description={error.message} onRetry={onRefresh} />;
  } else if (allCount === 0) {
    body = (
      <EmptyState
        as="h3"
        icon={Users}
        title={t`No Teachers Found`}
        description={t`Add your first teacher with their sign-in details; they can sign in at once.`}
        action={
          <Button onClick={onAdd}>
            <UserPlus size={16} aria-hidden="true" />
            <Trans>Add First Teacher</Trans>
          </Button>
        }
      />
    );
  } else if (teachers.length === 0) {
    body = (
      <EmptyState
        as="h3"
        icon={FilterX}
        title={t`No teachers match your search`}
        description={t`Try another name or email, or show every subject and status.`}
        action={
          <Button variant="outline" onClick={props.onClearFilters}>
            <Trans>Clear filters</Trans>
          </Button>
        }
      />
    );
  } else {
    body = (
      <Table.Scroller className={tableStyles.scroller}>
        <Table.Root className={tableStyles.root}>
          <Table.Caption srOnly>
            <Trans>All teachers of the school</Trans>
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              {COLUMNS.map((c) => (
                <Table.Header key={c} textAlign={c === 'actions' ? 'end' : undefined}>
                  {c === 'actions' ? <span className={tableStyles.quiet}>{label[c]}</span> : label[c]}
                </Table.Header>
              ))}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {teachers.map((teacher) => {
              const active = isActive(teacher);
              return (
                <Table.Row key={teacher._id}>
                  <PersonCell name={teacher.name} detail={teacher.designation} />
                  <Table.Cell data-label={label.email}>
                    <span className={tableStyles.secondary}>{teacher.email}</span>
                  </Table.Cell>
                  <PhoneCell phone={teacher.phone} />
                  <Table.Cell data-label={label.role}>
                    <Badge tone="brand">
                      <Trans>Teacher</Trans>
                    </Badge>
                  </Table.Cell>
                  <Table.Cell data-label={label.status}>
                    <ActiveBadge active={active} />
                  </Table.Cell>
                  <Table.Cell data-label={label.created} className={tableStyles.nowrap}>
                    {formatDate(teacher.createdAt)}
                  </Table.Cell>
                  <RowActionsCell
                    name={teacher.name}
                    active={active}
                    onEdit={() => onEdit(teacher)}
                    onDelete={() => onDelete(teacher)}
                    onReactivate={() => onReactivate(teacher)}
                    onDocuments={() => onDocuments(teacher)}
                  />
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.Scroller>
    );
  }

  const shownCount = formatCount(teachers.length);
  const allTeachers = plural(allCount, { one: '# teacher', other: '# teachers' });
  return (
    <SectionCard
      id="all-teachers-title"
      title={t`All Teachers (${shownCount})`}
      description={
        teachers.length === allCount
          ? t`Every teacher account of the school; teachers sign in at the teacher login.`
          : t`${shownCount} of ${allTeachers} match the search and filters.`
      }
      actions={actions}
    >
      {body}
    </SectionCard>
  );
}
