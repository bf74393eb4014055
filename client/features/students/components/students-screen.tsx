import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, CalendarCheck, Download, IdCard, LayoutDashboard, ListChecks, Upload, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { lazyPart, usePreloadWhenIdle } from '~/components/ui/lazy-part';
import { PageHeader } from '~/components/ui/page-header';
import * as Tabs from '~/components/ui/tabs';
import { useDebounced } from '~/components/ui/use-debounced';
import { withClassRefs } from '~/lib/class-refs';
import { i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import {
  classesQuery,
  downloads,
  rosterQuery,
  type StudentCard,
  type StudentFilters,
  schoolYearsQuery,
  studentPageQuery,
  yearClassesQuery,
} from '../api';
import type { StudentsSearch, StudentsTab } from '../search';
import { FiltersBar } from './filters-bar';
import { OverviewTab } from './overview-tab';

// Opened on a click: their code loads once the screen has drawn.
const ProfilesTab = lazyPart(
  () => import('./profiles-tab').then((m) => m.ProfilesTab),
  () => true,
);
const ManageTab = lazyPart(
  () => import('./manage-tab').then((m) => m.ManageTab),
  () => true,
);
const AcademicTab = lazyPart(
  () => import('./class-tabs').then((m) => m.AcademicTab),
  () => true,
);
const AttendanceTab = lazyPart(
  () => import('./class-tabs').then((m) => m.AttendanceTab),
  () => true,
);
const DeleteStudentDialog = lazyPart(
  () => import('./student-dialogs').then((m) => m.DeleteStudentDialog),
  (p) => p.student !== null,
);
const EditStudentDialog = lazyPart(
  () => import('./student-dialogs').then((m) => m.EditStudentDialog),
  (p) => p.student !== null,
);
const EnrolDialog = lazyPart(() => import('./student-dialogs').then((m) => m.EnrolDialog));
const ImportDialog = lazyPart(() => import('./import-dialog').then((m) => m.ImportDialog));
const EnrolmentForm = lazyPart(
  () => import('./enrolment-form').then((m) => m.EnrolmentForm),
  () => true,
);

const PAGE_SIZE = 24;

const TABS = [
  { value: 'overview', label: msg`Overview`, icon: LayoutDashboard },
  { value: 'manage', label: msg`Manage Students`, icon: ListChecks },
  { value: 'enrollment', label: msg`Enrolment`, icon: UserPlus },
  { value: 'profiles', label: msg`Profiles`, icon: IdCard },
  { value: 'academic', label: msg`Academic`, icon: BookOpen },
  { value: 'attendance', label: msg`Attendance`, icon: CalendarCheck },
] as const satisfies readonly { value: StudentsTab; label: unknown; icon: unknown }[];
/** Tabs that show no list: a search or filter typed there opens the list with it. */
const NO_LIST: readonly StudentsTab[] = ['overview', 'enrollment'];

const styles = {
  filters: css({ mb: '5' }),
  count: css({ fontSize: 'sm', color: 'fg.muted', mb: '3' }),
  enrolCard: css({ maxW: '5xl' }),
};

export interface StudentsScreenProps {
  search: StudentsSearch;
  /** Changes the address from the latest one; `replace` for typing, so Back does not step through each letter. */
  onSearchChange: (update: (previous: StudentsSearch) => StudentsSearch, replace?: boolean) => void;
}

/**
 * /students: Student Records, with its filters, six tabs and the enrol, edit, delete and import dialogs. The tab,
 * the filters and the open enrolment form live in the address; a search typed where no list is shown opens the
 * list with it.
 */
export function StudentsScreen({ search: address, onSearchChange }: StudentsScreenProps) {
  const tab = address.tab ?? 'overview';
  usePreloadWhenIdle(ManageTab, ProfilesTab, AcademicTab, AttendanceTab, EnrolmentForm);
  const [text, setText] = useState(address.q ?? '');
  const [page, setPage] = useState(1);
  const enrolling = Boolean(address.enrol);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<StudentCard | null>(null);
  const [deleting, setDeleting] = useState<StudentCard | null>(null);
  const [exporting, setExporting] = useState(false);

  const filters: StudentFilters = { search: text, classId: address.classId ?? '', status: address.status ?? '' };
  const search = useDebounced(text);
  const applied: StudentFilters = { ...filters, search };

  // The address follows the text once typing pauses, and the text follows the address (Back, a link).
  const addressQuery = address.q ?? '';
  const written = useRef(addressQuery);
  useEffect(() => {
    if (addressQuery === written.current) return;
    written.current = addressQuery;
    setText(addressQuery);
  }, [addressQuery]);
  useEffect(() => {
    const value = search.trim() ? search : '';
    if (value === written.current) return;
    written.current = value;
    onSearchChange((previous) => ({ ...previous, q: value || undefined }), true);
  }, [search, onSearchChange]);

  const setTab = (next: StudentsTab) => onSearchChange((previous) => ({ ...previous, tab: next }));
  const setEnrolling = (open: boolean) =>
    onSearchChange((previous) => ({ ...previous, enrol: open ? true : undefined }), !open);
  const filtered = Boolean(search.trim() || filters.classId || filters.status);

  const classes = useQuery(classesQuery());
  // A new student joins a class of the current year only (the server refuses a past year's).
  const currentYear = useQuery(schoolYearsQuery()).data?.find((y) => y.current)?.name;
  const joinable = (classes.data ?? []).filter((c) => !currentYear || c.academicYear === currentYear);
  const pageList = useQuery({
    ...studentPageQuery(applied, page, PAGE_SIZE),
    enabled: tab === 'manage' || tab === 'profiles',
  });
  const roster = useQuery({ ...rosterQuery(applied), enabled: tab === 'academic' || tab === 'attendance' });
  // The per-class tabs show the classes of the year looked at; the names of any year's classes come from `classes`.
  const yearClasses = useQuery({ ...yearClassesQuery(), enabled: tab === 'academic' || tab === 'attendance' });

  useEffect(() => {
    if (classes.isError) toast.error(t`Failed to fetch classes`, { description: classes.error.message });
  }, [classes.isError, classes.error]);

  const changeFilters = (next: StudentFilters, nextTab?: StudentsTab) => {
    setText(next.search);
    setPage(1);
    const listTab = nextTab ?? (NO_LIST.includes(tab) ? 'manage' : undefined);
    const moved = next.classId !== filters.classId || next.status !== filters.status;
    if (!moved && !listTab) return;
    onSearchChange(
      (previous) => ({
        ...previous,
        classId: next.classId || undefined,
        status: next.status || undefined,
        tab: listTab ?? previous.tab,
      }),
      !nextTab,
    );
  };

  const exportList = async () => {
    setExporting(true);
    try {
      await downloads.export(applied);
      toast.success(t`Student list exported`);
    } catch (error) {
      toast.error(t`Failed to export students`, { description: (error as Error).message });
    } finally {
      setExporting(false);
    }
  };

  const pageProps = {
    students: pageList.data && withClassRefs(pageList.data.data, classes.data),
    total: pageList.data?.total ?? 0,
    page,
    pageSize: PAGE_SIZE,
    onPageChange: setPage,
    error: pageList.error,
    retry: () => void pageList.refetch(),
  };
  const classProps = {
    classes: yearClasses.data,
    roster: roster.data && { ...roster.data, data: withClassRefs(roster.data.data, classes.data) },
    classFilter: filters.classId,
    error: roster.error,
    retry: () => void roster.refetch(),
  };

  return (
    <>
      <PageHeader
        title={t`Student Records`}
        description={t`Enrol students and keep their classes, contacts, parents and documents up to date.`}
        actions={
          <>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload size={16} aria-hidden="true" />
              <Trans>Import</Trans>
            </Button>
            <Button
              variant="outline"
              onClick={() => void exportList()}
              loading={exporting}
              loadingText={t`Exporting...`}
            >
              <Download size={16} aria-hidden="true" />
              <Trans>Export</Trans>
            </Button>
            <Button onClick={() => setEnrolling(true)}>
              <UserPlus size={16} aria-hidden="true" />
              <Trans>Enrol Student</Trans>
            </Button>
          </>
        }
      />

      <Card.Root className={styles.filters}>
        <Card.Body>
          <FiltersBar value={filters} onChange={changeFilters} classes={classes.data ?? []} />
        </Card.Body>
      </Card.Root>

      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as StudentsTab)} lazyMount>
        <Tabs.List aria-label={t`Student records views`}>
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger key={value} value={value}>
              <Icon size={16} aria-hidden="true" />
              {i18n._(label)}
            </Tabs.Trigger>
          ))}
          <Tabs.Indicator />
        </Tabs.List>

        <Tabs.Content value="overview">
          <OverviewTab />
        </Tabs.Content>
        <Tabs.Content value="manage">
          {pageList.data ? (
            <p className={styles.count} aria-live="polite">
              {filtered
                ? plural(pageList.data.total, {
                    one: '# student(s) match the filters',
                    other: '# student(s) match the filters',
                  })
                : plural(pageList.data.total, { one: '# student(s)', other: '# student(s)' })}
            </p>
          ) : null}
          <ManageTab
            {...pageProps}
            filtered={filtered}
            onEdit={setEditing}
            onDelete={setDeleting}
            onEnrol={() => setEnrolling(true)}
          />
        </Tabs.Content>
        <Tabs.Content value="enrollment">
          <Card.Root className={styles.enrolCard}>
            <Card.Header>
              <Card.Title>
                <Trans>Enrol New Student</Trans>
              </Card.Title>
              <Card.Description>
                <Trans>
                  The student and each parent or guardian get a sign-in account; a parent who already has a child here
                  is linked to their existing account.
                </Trans>
              </Card.Description>
            </Card.Header>
            <Card.Body>
              <EnrolmentForm idPrefix="enrol-tab" classes={joinable} />
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
        <Tabs.Content value="profiles">
          <ProfilesTab {...pageProps} />
        </Tabs.Content>
        <Tabs.Content value="academic">
          <AcademicTab {...classProps} onViewRecords={(classId) => changeFilters({ ...filters, classId }, 'manage')} />
        </Tabs.Content>
        <Tabs.Content value="attendance">
          <AttendanceTab {...classProps} />
        </Tabs.Content>
      </Tabs.Root>

      <EnrolDialog open={enrolling} onClose={() => setEnrolling(false)} classes={joinable} />
      <EditStudentDialog student={editing} classes={classes.data ?? []} onClose={() => setEditing(null)} />
      <DeleteStudentDialog student={deleting} onClose={() => setDeleting(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
