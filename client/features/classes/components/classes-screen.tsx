import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { lazyPart, usePreloadWhenIdle } from '~/components/ui/lazy-part';
import { PageHeader } from '~/components/ui/page-header';
import { Spinner } from '~/components/ui/spinner';
import * as Tabs from '~/components/ui/tabs';
import { i18n } from '~/lib/i18n';
import { useSession } from '~/lib/session';
import type { Classroom, ScheduleSlot, Subject } from '../api';
import {
  byClass,
  bySubject,
  filterClasses,
  filterSlots,
  filterSubjects,
  isFiltering,
  type ScreenFilters,
} from '../format';
import { CLASSROOM_TABS, type ClassroomTab } from '../search';
import { useClassroomData } from '../use-classroom-data';
import type { ClassFormMode } from './class-form-dialog';
import { AuthenticationRequired, type LoadProblem } from './empty-states';
import { FiltersBar } from './filters-bar';
import { OverviewTab } from './overview-tab';
import type { ScheduleFormMode } from './schedule-form-dialog';
import type { SubjectFormMode } from './subject-form-dialog';

// Opened on a click: their code loads once the screen has drawn.
const TeacherAssignmentsTab = lazyPart(
  () => import('./teacher-assignments-tab').then((m) => m.TeacherAssignmentsTab),
  () => true,
);
const SubjectAllocationTab = lazyPart(
  () => import('./subject-allocation-tab').then((m) => m.SubjectAllocationTab),
  () => true,
);
const StudentAssignmentsTab = lazyPart(
  () => import('./student-assignments-tab').then((m) => m.StudentAssignmentsTab),
  () => true,
);
const ScheduleTab = lazyPart(
  () => import('./schedule-tab').then((m) => m.ScheduleTab),
  () => true,
);
const ManageClassesTab = lazyPart(
  () => import('./manage-classes-tab').then((m) => m.ManageClassesTab),
  () => true,
);
const SubjectFormDialog = lazyPart(
  () => import('./subject-form-dialog').then((m) => m.SubjectFormDialog),
  (p) => p.mode.kind !== 'closed',
);
const ScheduleFormDialog = lazyPart(
  () => import('./schedule-form-dialog').then((m) => m.ScheduleFormDialog),
  (p) => p.mode.kind !== 'closed',
);
const ManageSubjectsDialog = lazyPart(
  () => import('./manage-subjects-dialog').then((m) => m.ManageSubjectsDialog),
  (p) => p.klass !== null,
);
const ManageStudentsDialog = lazyPart(
  () => import('./manage-students-dialog').then((m) => m.ManageStudentsDialog),
  (p) => p.klass !== null,
);
const DeleteClassDialog = lazyPart(
  () => import('./confirm-dialogs').then((m) => m.DeleteClassDialog),
  (p) => p.klass !== null,
);
const DeleteScheduleDialog = lazyPart(
  () => import('./confirm-dialogs').then((m) => m.DeleteScheduleDialog),
  (p) => p.slot !== null,
);
const RemoveSubjectDialog = lazyPart(
  () => import('./confirm-dialogs').then((m) => m.RemoveSubjectDialog),
  (p) => p.subject !== null,
);
const ClassFormDialog = lazyPart(
  () => import('./class-form-dialog').then((m) => m.ClassFormDialog),
  (p) => p.mode.kind !== 'closed',
);

const TAB_LABELS: Record<ClassroomTab, MessageDescriptor> = {
  overview: msg`Class Overview`,
  classes: msg`Manage Classes`,
  students: msg`Student Assignments`,
  teachers: msg`Teacher Assignments`,
  schedule: msg`Class Schedule`,
  subjects: msg`Subject Allocation`,
};

const styles = {
  loading: css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: 'sm' }),
  tabsRoot: css({ gap: '5' }),
};

const NO_FILTERS: ScreenFilters = { search: '', grade: '' };

export interface ClassesScreenProps {
  tab: ClassroomTab;
  onTabChange: (tab: ClassroomTab) => void;
}

/** /classes: classes, their students, teachers, subjects and weekly timetable, in six tabs. */
export function ClassesScreen({ tab, onTabChange }: ClassesScreenProps) {
  const session = useSession();
  if (session.status === 'anonymous') return <AuthenticationRequired />;
  return <ClassroomManagement tab={tab} onTabChange={onTabChange} />;
}

function ClassroomManagement({ tab, onTabChange }: ClassesScreenProps) {
  usePreloadWhenIdle(ManageClassesTab, StudentAssignmentsTab, TeacherAssignmentsTab, ScheduleTab, SubjectAllocationTab);
  const data = useClassroomData();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [classForm, setClassForm] = useState<ClassFormMode>({ kind: 'closed' });
  const [deletingClass, setDeletingClass] = useState<Classroom | null>(null);
  const [studentsOf, setStudentsOf] = useState<string | null>(null);
  const [subjectsOf, setSubjectsOf] = useState<string | null>(null);
  const [subjectForm, setSubjectForm] = useState<SubjectFormMode>({ kind: 'closed' });
  const [removingSubject, setRemovingSubject] = useState<Subject | null>(null);
  const [scheduleForm, setScheduleForm] = useState<ScheduleFormMode>({ kind: 'closed' });
  const [deletingSchedule, setDeletingSchedule] = useState<ScheduleSlot | null>(null);

  const sortedClasses = useMemo(() => [...data.classes].sort(byClass), [data.classes]);
  const visibleClasses = useMemo(
    () => filterClasses(sortedClasses, data.students, filters),
    [sortedClasses, data.students, filters],
  );
  const visibleSlots = useMemo(() => filterSlots(data.schedules, filters), [data.schedules, filters]);
  const visibleSubjects = useMemo(
    () => filterSubjects(data.subjects, filters).sort(bySubject),
    [data.subjects, filters],
  );
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tab strip scrolls sideways; keep the open tab in sight (e.g. after a reload on it).
  useEffect(() => {
    tabList.current?.querySelector(`[data-value="${tab}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const filtering = isFiltering(filters);
  const classesProblem: LoadProblem | null = data.classesError
    ? { title: t`Classes could not be loaded`, error: data.classesError, retry: data.refetchClasses }
    : null;
  const studentsProblem: LoadProblem | null = data.studentsError
    ? { title: t`Students could not be loaded`, error: data.studentsError, retry: data.refetchStudents }
    : null;
  const clearFilters = () => setFilters(NO_FILTERS);
  const openAddClass = () => setClassForm({ kind: 'create' });
  // The dialogs follow the reloaded lists, so their counts move as students and subjects change.
  const studentsClass = data.classes.find((c) => c._id === studentsOf) ?? null;
  const subjectsClass = data.classes.find((c) => c._id === subjectsOf) ?? null;
  const academicYear = data.available?.academicYear ?? data.classes[0]?.academicYear;

  return (
    <>
      <PageHeader
        title={t`Classroom Management`}
        description={t`Classes, sections and class teachers, student and subject assignments, and the weekly timetable.`}
        actions={
          <Button onClick={openAddClass} disabled={data.loading}>
            <Plus size={16} aria-hidden="true" />
            <Trans>Add New Class</Trans>
          </Button>
        }
      />
      <FiltersBar value={filters} onChange={setFilters} />

      {data.loading ? (
        <p className={styles.loading} role="status">
          <Spinner />
          <Trans>Loading classroom management...</Trans>
        </p>
      ) : null}

      <Tabs.Root
        value={tab}
        onValueChange={(details) => onTabChange(details.value as ClassroomTab)}
        className={styles.tabsRoot}
        lazyMount
      >
        <Tabs.List ref={tabList} aria-label={t`Classroom management`}>
          {CLASSROOM_TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {i18n._(TAB_LABELS[value])}
            </Tabs.Trigger>
          ))}
          <Tabs.Indicator />
        </Tabs.List>

        <Tabs.Content value="overview">
          <OverviewTab
            loading={data.loading}
            problem={classesProblem}
            classes={data.classes}
            visibleClasses={visibleClasses}
            students={data.students}
            teachers={data.teachers}
            subjects={data.subjects}
            filtering={filtering}
            onAddClass={openAddClass}
            onClearFilters={clearFilters}
          />
        </Tabs.Content>

        <Tabs.Content value="classes">
          <ManageClassesTab
            loading={data.loading}
            error={data.classesError}
            onRetry={data.refetchClasses}
            classes={visibleClasses}
            filtering={filtering}
            onAddClass={openAddClass}
            onClearFilters={clearFilters}
            onViewStudents={(c) => setStudentsOf(c._id)}
            onManageSubjects={(c) => setSubjectsOf(c._id)}
            onEdit={(item) => setClassForm({ kind: 'edit', item })}
            onDelete={setDeletingClass}
          />
        </Tabs.Content>

        <Tabs.Content value="students">
          <StudentAssignmentsTab
            loading={data.loading}
            problem={classesProblem ?? studentsProblem}
            classes={visibleClasses}
            students={data.students}
            filtering={filtering}
            onAddClass={openAddClass}
            onClearFilters={clearFilters}
            onManageStudents={(c) => setStudentsOf(c._id)}
          />
        </Tabs.Content>

        <Tabs.Content value="teachers">
          <TeacherAssignmentsTab
            loading={data.loading}
            error={data.teachersError}
            onRetry={data.refetchTeachers}
            teachers={data.teachers}
            classes={data.classes}
            subjects={data.subjects}
            filters={filters}
            onClearFilters={clearFilters}
          />
        </Tabs.Content>

        <Tabs.Content value="schedule">
          <ScheduleTab
            loading={data.schedulesLoading}
            unavailable={data.scheduleError ? data.scheduleError.message : null}
            onRetry={data.refetchSchedules}
            slots={visibleSlots}
            totalSlots={data.schedules.length}
            available={data.available}
            filtering={filtering}
            onClearFilters={clearFilters}
            onAdd={() => setScheduleForm({ kind: 'create' })}
            onEdit={(item) => setScheduleForm({ kind: 'edit', item })}
            onDelete={setDeletingSchedule}
          />
        </Tabs.Content>

        <Tabs.Content value="subjects">
          <SubjectAllocationTab
            loading={data.loading}
            error={data.subjectsError}
            onRetry={data.refetchSubjects}
            subjects={visibleSubjects}
            filtering={filtering}
            onClearFilters={clearFilters}
            onAdd={() => setSubjectForm({ kind: 'create' })}
            onEdit={(item) => setSubjectForm({ kind: 'edit', item })}
            onRemove={setRemovingSubject}
          />
        </Tabs.Content>
      </Tabs.Root>

      <ClassFormDialog
        mode={classForm}
        teachers={data.teachers}
        academicYear={academicYear}
        onClose={() => setClassForm({ kind: 'closed' })}
      />
      <DeleteClassDialog klass={deletingClass} onClose={() => setDeletingClass(null)} />
      <ManageStudentsDialog klass={studentsClass} students={data.students} onClose={() => setStudentsOf(null)} />
      <ManageSubjectsDialog
        klass={subjectsClass}
        subjects={data.subjects}
        teachers={data.teachers}
        onClose={() => setSubjectsOf(null)}
      />
      <SubjectFormDialog
        mode={subjectForm}
        classes={data.classes}
        teachers={data.teachers}
        onClose={() => setSubjectForm({ kind: 'closed' })}
      />
      <RemoveSubjectDialog subject={removingSubject} slots={data.schedules} onClose={() => setRemovingSubject(null)} />
      <ScheduleFormDialog
        mode={scheduleForm}
        available={data.available}
        onClose={() => setScheduleForm({ kind: 'closed' })}
      />
      <DeleteScheduleDialog slot={deletingSchedule} onClose={() => setDeletingSchedule(null)} />
    </>
  );
}
