import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Briefcase, FilterX, Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Input } from '~/components/ui/input';
import { Money } from '~/components/ui/money';
import { Pager } from '~/components/ui/pagination';
import { SimpleSelect } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import * as Table from '~/components/ui/table';
import { useDebounced } from '~/components/ui/use-debounced';
import { toast } from '~/lib/toast';
import {
  departmentsQuery,
  type Employee,
  type EmployeeFilters,
  employeesQuery,
  useRemoveEmployee,
  useSaveEmployee,
} from '../api';
import { departmentLabel, formatCount, formatDate, positionLabel } from '../format';
import { ActiveBadge, PersonCell, PhoneCell, RowActionsCell, SectionCard } from './parts';
import { StaffAttendance } from './staff-attendance';
import { tableStyles } from './table-styles';

const PAGE_SIZE = 25;
const COLUMNS = ['name', 'position', 'phone', 'salary', 'joined', 'status', 'actions'] as const;
const columnLabels = (): Record<(typeof COLUMNS)[number], string> => ({
  name: t`Name`,
  position: t`Position`,
  phone: t`Phone`,
  salary: t`Salary`,
  joined: t`Joined`,
  status: t`Status`,
  actions: t`Actions`,
});

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  toolbar: css({
    display: 'grid',
    gridTemplateColumns: {
      base: '1fr',
      sm: 'repeat(2, minmax(0, 1fr))',
      lg: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr))',
    },
    gap: '3',
    alignItems: 'end',
    px: { base: '4', md: '5' },
    py: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  search: css({ position: 'relative' }),
  searchIcon: css({
    position: 'absolute',
    insetInlineStart: '3',
    top: '50%',
    transform: 'translateY(-50%)',
    color: 'fg.muted',
  }),
  pager: css({ px: { base: '4', md: '5' }, py: '3', borderTopWidth: '1px', borderColor: 'border' }),
};

export interface StaffTabProps {
  /** The school's currency, for salaries. */
  currency: string;
  onRecruit: () => void;
  onEdit: (employee: Employee) => void;
}

/** The non-teaching staff register (search, department and status filters, paged) and its attendance. */
export function StaffTab({ currency, onRecruit, onEdit }: StaffTabProps) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [departmentId, setDepartmentId] = useState('');
  const [status, setStatus] = useState<'' | 'active' | 'inactive'>('active');
  const [page, setPage] = useState(1);
  const filters: EmployeeFilters = {
    search: search || undefined,
    departmentId: departmentId || undefined,
    status: status || 'all',
    page,
    limit: PAGE_SIZE,
  };
  const employees = useQuery(employeesQuery(filters));
  const departments = useQuery(departmentsQuery());
  const remove = useRemoveEmployee();
  const save = useSaveEmployee();
  const [deleting, setDeleting] = useState<Employee | null>(null);
  const filtering = Boolean(search || departmentId || status !== 'active');

  // A new search or filter starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only these changes reset the page.
  useEffect(() => setPage(1), [search, departmentId, status]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ employeeId: deleting._id });
      const name = deleting.name;
      toast.success(t`Employee deactivated`, { description: t`${name} is kept in the register as inactive.` });
      setDeleting(null);
    } catch (error) {
      toast.error(t`Failed to update employee`, { description: error instanceof Error ? error.message : undefined });
    }
  };

  const reactivate = async (employee: Employee) => {
    try {
      await save.mutateAsync({
        employeeId: employee._id,
        body: {
          name: employee.name,
          position: employee.position,
          department: employee.departmentId._id,
          status: 'active',
        },
      });
      toast.success(t`Employee updated successfully!`);
    } catch (error) {
      toast.error(t`Failed to update employee`, { description: error instanceof Error ? error.message : undefined });
    }
  };

  const rows = employees.data?.rows ?? [];
  const total = employees.data?.total ?? 0;
  const totalCount = formatCount(total);
  const deletingName = deleting?.name ?? '';
  const label = columnLabels();
  let body: React.ReactNode;
  if (employees.isPending) {
    body = (
      <div className={css({ p: '5', display: 'grid', gap: '3' })} aria-busy="true">
        <span className={css({ srOnly: true })}>
          <Trans>Loading staff...</Trans>
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="8" />
        ))}
      </div>
    );
  } else if (employees.isError && !employees.data) {
    body = (
      <ErrorState
        title={t`Staff could not be loaded`}
        description={employees.error.message}
        onRetry={() => void employees.refetch()}
      />
    );
  } else if (rows.length === 0) {
    body = filtering ? (
      <EmptyState
        as="h3"
        icon={FilterX}
        title={t`No staff match your search`}
        action={
          <Button
            variant="outline"
            onClick={() => {
              setText('');
              setDepartmentId('');
              setStatus('active');
            }}
          >
            <Trans>Clear filters</Trans>
          </Button>
        }
      />
    ) : (
      <EmptyState
        as="h3"
        icon={Briefcase}
        title={t`No staff yet`}
        description={t`Recruit the school's non-teaching staff: office, IT, finance, maintenance, transport and library.`}
        action={
          <Button onClick={onRecruit}>
            <Plus size={16} aria-hidden="true" />
            <Trans>Recruit Employee</Trans>
          </Button>
        }
      />
    );
  } else {
    body = (
      <Table.Scroller className={tableStyles.scroller}>
        <Table.Root className={tableStyles.root}>
          <Table.Caption srOnly>
            <Trans>Non-teaching staff</Trans>
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              {COLUMNS.map((c) => (
                <Table.Header key={c} textAlign={c === 'salary' || c === 'actions' ? 'end' : undefined}>
                  {label[c]}
                </Table.Header>
              ))}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {rows.map((employee) => (
              <Table.Row key={employee._id}>
                <PersonCell name={employee.name} detail={employee.email} />
                <Table.Cell data-label={label.position}>
                  <span>
                    <span className={tableStyles.primary}>{positionLabel(employee.position)}</span>
                    <span className={tableStyles.secondary}>{departmentLabel(employee.department)}</span>
                  </span>
                </Table.Cell>
                <PhoneCell phone={employee.phone} />
                <Table.Cell data-label={label.salary} className={tableStyles.numeric}>
                  <Money amount={employee.salary} currency={currency} />
                </Table.Cell>
                <Table.Cell data-label={label.joined} className={tableStyles.nowrap}>
                  {formatDate(employee.joinDate)}
                </Table.Cell>
                <Table.Cell data-label={label.status}>
                  <ActiveBadge active={employee.status === 'active'} />
                </Table.Cell>
                <RowActionsCell
                  name={employee.name}
                  active={employee.status === 'active'}
                  onEdit={() => onEdit(employee)}
                  onDelete={() => setDeleting(employee)}
                  onReactivate={() => void reactivate(employee)}
                />
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Scroller>
    );
  }

  const toolbar = (
    <div className={styles.toolbar}>
      <div className={styles.search}>
        <Search size={16} aria-hidden="true" className={styles.searchIcon} />
        <Input
          type="search"
          aria-label={t`Search staff`}
          placeholder={t`Search name, position, email or phone`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          ps="9"
        />
      </div>
      <SimpleSelect
        label={t`Department`}
        hideLabel
        options={[
          { label: t`All Departments`, value: '' },
          ...(departments.data ?? []).map((d) => ({ label: departmentLabel(d.name), value: d._id })),
        ]}
        value={departmentId}
        onValueChange={setDepartmentId}
        placeholder={t`All Departments`}
      />
      <SimpleSelect
        label={t`Status`}
        hideLabel
        options={[
          { label: t`Active staff`, value: 'active' },
          { label: t`Inactive staff`, value: 'inactive' },
          { label: t`All staff`, value: 'all' },
        ]}
        value={status || 'all'}
        onValueChange={(value) => setStatus(value === 'all' ? '' : (value as 'active' | 'inactive'))}
      />
    </div>
  );

  return (
    <div className={styles.stack}>
      <SectionCard
        id="staff-title"
        title={t`Non-Teaching Staff (${totalCount})`}
        description={t`Office, IT, finance, maintenance, transport and library staff. They do not sign in.`}
        actions={
          <Button onClick={onRecruit}>
            <Plus size={16} aria-hidden="true" />
            <Trans>Recruit Employee</Trans>
          </Button>
        }
        toolbar={toolbar}
      >
        {body}
        {total > PAGE_SIZE ? (
          <div className={styles.pager}>
            <Pager count={total} pageSize={PAGE_SIZE} page={page} onPageChange={setPage} noun={t`staff`} />
          </div>
        ) : null}
      </SectionCard>
      <StaffAttendance />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? t`Delete ${deletingName}?` : t`Delete employee?`}
        description={t`The employee is marked inactive: they leave the active register and the daily attendance. Their attendance history is kept, and Reactivate brings them back.`}
        confirmLabel={t`Delete employee`}
        busyLabel={t`Deleting...`}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
