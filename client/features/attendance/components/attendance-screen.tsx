import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { lazyPart, usePreloadWhenIdle } from '~/components/ui/lazy-part';
import { PageHeader } from '~/components/ui/page-header';
import * as Tabs from '~/components/ui/tabs';
import { i18n } from '~/lib/i18n';
import { useLiveAttendance } from '../api';
import { schoolToday } from '../format';
import type { AttendanceSearch, AttendanceTab } from '../search';
import { RegistersCard } from './registers-card';
import { StudentAttendanceTab } from './student-attendance-tab';
import { SummaryCards } from './summary-cards';

// Other tabs, dialogs and forms opened on a click: their code loads once the screen has drawn.
const ReportsTab = lazyPart(
  () => import('./reports-tab').then((m) => m.ReportsTab),
  () => true,
);
const EmployeeAttendanceTab = lazyPart(
  () => import('./employee-attendance-tab').then((m) => m.EmployeeAttendanceTab),
  () => true,
);

const styles = {
  action: css({ w: { base: 'full', md: 'auto' } }),
  tabs: css({ gap: { base: '4', md: '5' } }),
  registers: css({ mb: { base: '5', md: '6' } }),
  wide: css({ display: { base: 'none', sm: 'inline' } }),
  narrow: css({ display: { base: 'inline', sm: 'none' } }),
};

/** Full names, and the short ones that keep all three tabs in view on a phone. */
const TAB_LABELS: Record<AttendanceTab, [MessageDescriptor, MessageDescriptor]> = {
  students: [msg`Student Attendance`, msg`Students`],
  employees: [msg`Employee Attendance`, msg`Teachers`],
  reports: [msg`Reports`, msg`Reports`],
};

export interface AttendanceScreenProps {
  search: AttendanceSearch;
  onSearchChange: (next: AttendanceSearch) => void;
}

/** /attendance: today's four figures, then students by class and day, teachers by day, and reports. */
export function AttendanceScreen({ search, onSearchChange }: AttendanceScreenProps) {
  const [today] = useState(schoolToday);
  const tab = search.tab ?? 'students';
  usePreloadWhenIdle(EmployeeAttendanceTab, ReportsTab);
  const date = search.date ?? today;
  useLiveAttendance({ classId: search.classId, date });

  const change = (next: Partial<AttendanceSearch>) => {
    const merged = { ...search, ...next };
    onSearchChange({
      tab: merged.tab === 'students' ? undefined : merged.tab,
      classId: merged.classId || undefined,
      date: merged.date && merged.date !== today ? merged.date : undefined,
      registers: merged.registers,
    });
  };

  return (
    <>
      <PageHeader
        title={t`Attendance Management`}
        description={t`Student and teacher attendance by class and date.`}
        actions={
          <Link
            to="/attendance/register"
            search={{ classId: search.classId, date }}
            className={cx(button({ variant: 'solid', size: 'md' }), styles.action)}
          >
            <ClipboardCheck size={16} aria-hidden="true" />
            <Trans>Open register</Trans>
          </Link>
        }
      />
      <SummaryCards today={today} />
      <div className={styles.registers}>
        <RegistersCard
          filter={search.registers ?? 'not-taken'}
          onFilterChange={(filter) => change({ registers: filter === 'not-taken' ? undefined : filter })}
        />
      </div>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => change({ tab: details.value as AttendanceTab })}
        lazyMount
        className={styles.tabs}
      >
        <Tabs.List aria-label={t`Attendance views`}>
          {(Object.keys(TAB_LABELS) as AttendanceTab[]).map((value) => (
            <Tabs.Trigger key={value} value={value}>
              <span className={styles.wide}>{i18n._(TAB_LABELS[value][0])}</span>
              <span className={styles.narrow}>{i18n._(TAB_LABELS[value][1])}</span>
            </Tabs.Trigger>
          ))}
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="students">
          <StudentAttendanceTab
            classId={search.classId}
            date={date}
            onChange={(next) => change({ classId: next.classId, date: next.date })}
          />
        </Tabs.Content>
        <Tabs.Content value="employees">
          <EmployeeAttendanceTab />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <ReportsTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
