import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, Briefcase, CalendarCheck, IdCard, Search, TableProperties, UserPlus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Input } from '~/components/ui/input';
import { lazyPart, usePreloadWhenIdle } from '~/components/ui/lazy-part';
import { PageHeader } from '~/components/ui/page-header';
import { SimpleSelect } from '~/components/ui/select';
import * as Tabs from '~/components/ui/tabs';
import { toast } from '~/lib/toast';
import { type Teacher, teacherStatsQuery, teachersQuery, useDeactivateTeacher, useUpdateTeacher } from '../api';
import { filterTeachers, isActive, NO_FILTERS, SUBJECTS, subjectLabel, type TeacherFilters } from '../format';
import type { EmployeesSearch, EmployeesTab } from '../search';
import type { EmployeeFormMode } from './employee-form-dialog';
import { OverviewTab } from './overview-tab';
import type { TeacherFormMode } from './teacher-form-dialog';

// Opened on a click: their code loads once the screen has drawn.
const TeachersTab = lazyPart(
  () => import('./teachers-tab').then((m) => m.TeachersTab),
  () => true,
);
const StaffTab = lazyPart(
  () => import('./staff-tab').then((m) => m.StaffTab),
  () => true,
);
const ProfilesTab = lazyPart(
  () => import('./profiles-tab').then((m) => m.ProfilesTab),
  () => true,
);
const AttendanceTab = lazyPart(
  () => import('./attendance-tab').then((m) => m.AttendanceTab),
  () => true,
);
const AddTeachersTab = lazyPart(
  () => import('./add-teachers-tab').then((m) => m.AddTeachersTab),
  () => true,
);
const TeacherFormDialog = lazyPart(
  () => import('./teacher-form-dialog').then((m) => m.TeacherFormDialog),
  (p) => p.mode.kind !== 'closed',
);
const TeacherDocumentsDialog = lazyPart(
  () => import('./teacher-documents-dialog').then((m) => m.TeacherDocumentsDialog),
  (p) => p.teacher !== null,
);
const TeacherCredentialsDialog = lazyPart(() =>
  import('./teacher-credentials-dialog').then((m) => m.TeacherCredentialsDialog),
);
const TeacherAddedDialog = lazyPart(
  () => import('./teacher-added-dialog').then((m) => m.TeacherAddedDialog),
  (p) => p.teacher !== null,
);
const EmployeeFormDialog = lazyPart(
  () => import('./employee-form-dialog').then((m) => m.EmployeeFormDialog),
  (p) => p.mode.kind !== 'closed',
);

const styles = {
  filters: css({
    display: 'grid',
    gridTemplateColumns: {
      base: '1fr',
      sm: 'repeat(2, minmax(0, 1fr))',
      lg: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr))',
    },
    gap: '3',
    alignItems: 'end',
  }),
  search: css({ position: 'relative' }),
  searchIcon: css({
    position: 'absolute',
    insetInlineStart: '3',
    top: '50%',
    transform: 'translateY(-50%)',
    color: 'fg.muted',
  }),
};

/** Tabs where the search, subject and status filters apply. */
const FILTERED_TABS: EmployeesTab[] = ['teacher-mgmt', 'profiles', 'attendance'];

export interface EmployeesScreenProps {
  search: EmployeesSearch;
  onSearchChange: (search: EmployeesSearch) => void;
}

/** /employees: teachers (overview, adding, the table, profiles, attendance) and the non-teaching staff. */
export function EmployeesScreen({ search, onSearchChange }: EmployeesScreenProps) {
  const tab = search.tab ?? 'overview';
  usePreloadWhenIdle(AddTeachersTab, TeachersTab, ProfilesTab, AttendanceTab, StaffTab);
  const teachers = useQuery(teachersQuery());
  const stats = useQuery(teacherStatsQuery());
  const [filters, setFilters] = useState<TeacherFilters>(NO_FILTERS);
  const [credentialsOpen, setCredentialsOpen] = useState(false);
  const [formMode, setFormMode] = useState<TeacherFormMode>({ kind: 'closed' });
  const [added, setAdded] = useState<Teacher | null>(null);
  const [deleting, setDeleting] = useState<Teacher | null>(null);
  const [documentsOf, setDocumentsOf] = useState<Teacher | null>(null);
  const [employeeMode, setEmployeeMode] = useState<EmployeeFormMode>({ kind: 'closed' });
  const tabList = useRef<HTMLDivElement>(null);
  const deactivate = useDeactivateTeacher();
  const update = useUpdateTeacher();

  // On a phone the tab list scrolls sideways: keep the open tab in view.
  useEffect(() => {
    tabList.current
      ?.querySelector(`[data-part="trigger"][data-value="${tab}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  useEffect(() => {
    if (teachers.isError) toast.error(t`Failed to fetch teachers`, { description: teachers.error.message });
  }, [teachers.isError, teachers.error]);

  const all = teachers.data ?? [];
  const visible = useMemo(() => filterTeachers(all, filters), [all, filters]);
  const subjectOptions = useMemo(() => {
    const names = new Set<string>(SUBJECTS);
    for (const teacher of all) for (const s of teacher.subjects) names.add(s.name);
    return [
      { label: t`All Subjects`, value: '' },
      ...[...names].map((name) => ({ label: subjectLabel(name), value: name })),
    ];
  }, [all]);

  const onCreated = (teacher: Teacher) => {
    setCredentialsOpen(false);
    setFormMode({ kind: 'closed' });
    setAdded(teacher);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deactivate.mutateAsync(deleting._id);
      const name = deleting.name;
      toast.success(t`Teacher deactivated successfully`, {
        description: t`${name} can no longer sign in; their records are kept.`,
      });
      setDeleting(null);
    } catch (error) {
      toast.error(t`Failed to delete teacher`, { description: error instanceof Error ? error.message : undefined });
    }
  };

  const reactivate = async (teacher: Teacher) => {
    try {
      await update.mutateAsync({ teacherId: teacher._id, body: { isActive: true } });
      const name = teacher.name;
      toast.success(t`Teacher updated successfully`, { description: t`${name} can sign in again.` });
    } catch (error) {
      toast.error(t`Failed to update teacher`, { description: error instanceof Error ? error.message : undefined });
    }
  };

  const refresh = () => {
    void teachers.refetch();
    void stats.refetch();
  };
  const clearFilters = () => setFilters(NO_FILTERS);
  const openCredentials = () => setCredentialsOpen(true);
  const deletingName = deleting?.name ?? '';

  return (
    <>
      <PageHeader
        title={t`Employee Management`}
        description={t`Add teachers with their sign-in details, follow their attendance, and keep the staff register.`}
        actions={
          <>
            <Button variant="outline" onClick={() => setEmployeeMode({ kind: 'create' })}>
              <Briefcase size={16} aria-hidden="true" />
              <Trans>Recruit Employee</Trans>
            </Button>
            <Button onClick={openCredentials}>
              <UserPlus size={16} aria-hidden="true" />
              <Trans>Add Teacher</Trans>
            </Button>
          </>
        }
      />

      <Tabs.Root
        value={tab}
        onValueChange={(details) => onSearchChange({ tab: details.value as EmployeesTab })}
        lazyMount
      >
        <Tabs.List ref={tabList}>
          <Tabs.Trigger value="overview">
            <BarChart3 size={16} aria-hidden="true" />
            <Trans>Overview</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="add-teachers">
            <UserPlus size={16} aria-hidden="true" />
            <Trans>Add Teachers</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="teacher-mgmt">
            <TableProperties size={16} aria-hidden="true" />
            <Trans>Teacher Management</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="profiles">
            <IdCard size={16} aria-hidden="true" />
            <Trans>Profiles</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="attendance">
            <CalendarCheck size={16} aria-hidden="true" />
            <Trans>Attendance</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="staff">
            <Briefcase size={16} aria-hidden="true" />
            <Trans>Staff</Trans>
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        {FILTERED_TABS.includes(tab) ? (
          <Card.Root>
            <Card.Body className={styles.filters} py="4">
              <div className={styles.search}>
                <Search size={16} aria-hidden="true" className={styles.searchIcon} />
                <Input
                  type="search"
                  aria-label={t`Search teachers`}
                  placeholder={t`Search by name, email, phone or designation`}
                  value={filters.search}
                  onChange={(event) => setFilters({ ...filters, search: event.target.value })}
                  ps="9"
                />
              </div>
              <SimpleSelect
                label={t`Subject`}
                hideLabel
                options={subjectOptions}
                value={filters.subject}
                onValueChange={(subject) => setFilters({ ...filters, subject })}
                placeholder={t`All Subjects`}
              />
              <SimpleSelect
                label={t`Status`}
                hideLabel
                options={[
                  { label: t`All Status`, value: '' },
                  { label: t`Active`, value: 'active' },
                  { label: t`Inactive`, value: 'inactive' },
                ]}
                value={filters.status}
                onValueChange={(status) => setFilters({ ...filters, status: status as TeacherFilters['status'] })}
                placeholder={t`All Status`}
              />
            </Card.Body>
          </Card.Root>
        ) : null}
        <Tabs.Content value="overview">
          <OverviewTab
            stats={stats.data}
            loading={stats.isPending}
            error={stats.error}
            onRetry={() => void stats.refetch()}
          />
        </Tabs.Content>
        <Tabs.Content value="add-teachers">
          <AddTeachersTab
            onAddWithCredentials={openCredentials}
            onAddFullProfile={() => setFormMode({ kind: 'create' })}
          />
        </Tabs.Content>
        <Tabs.Content value="teacher-mgmt">
          <TeachersTab
            teachers={visible}
            allCount={all.length}
            loading={teachers.isPending}
            refreshing={teachers.isFetching && !teachers.isPending}
            error={teachers.error}
            onRefresh={refresh}
            onAdd={openCredentials}
            onEdit={(teacher) => setFormMode({ kind: 'edit', teacher })}
            onDelete={setDeleting}
            onReactivate={(teacher) => void reactivate(teacher)}
            onDocuments={setDocumentsOf}
            onClearFilters={clearFilters}
          />
        </Tabs.Content>
        <Tabs.Content value="profiles">
          <ProfilesTab
            teachers={visible}
            allCount={all.length}
            loading={teachers.isPending}
            error={teachers.error}
            onRetry={refresh}
            onEdit={(teacher) => setFormMode({ kind: 'edit', teacher })}
            onDocuments={setDocumentsOf}
            onAdd={openCredentials}
            onClearFilters={clearFilters}
          />
        </Tabs.Content>
        <Tabs.Content value="attendance">
          <AttendanceTab teachers={visible.filter(isActive)} loadingTeachers={teachers.isPending} />
        </Tabs.Content>
        <Tabs.Content value="staff">
          <StaffTab
            currency={stats.data?.currency ?? 'USD'}
            onRecruit={() => setEmployeeMode({ kind: 'create' })}
            onEdit={(employee) => setEmployeeMode({ kind: 'edit', employee })}
          />
        </Tabs.Content>
      </Tabs.Root>

      <TeacherCredentialsDialog open={credentialsOpen} onOpenChange={setCredentialsOpen} onCreated={onCreated} />
      <TeacherFormDialog mode={formMode} onClose={() => setFormMode({ kind: 'closed' })} onCreated={onCreated} />
      <TeacherAddedDialog teacher={added} onClose={() => setAdded(null)} />
      <TeacherDocumentsDialog teacher={documentsOf} onClose={() => setDocumentsOf(null)} />
      <EmployeeFormDialog mode={employeeMode} onClose={() => setEmployeeMode({ kind: 'closed' })} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? t`Delete ${deletingName}?` : t`Delete teacher?`}
        description={t`Deleting deactivates the account: the teacher can no longer sign in and open sessions end. Their attendance, timetable, classes and documents are kept, and Reactivate brings the account back.`}
        confirmLabel={t`Delete teacher`}
        busyLabel={t`Deleting...`}
        loading={deactivate.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
