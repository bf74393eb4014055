import { Activity, FilePlus2, GraduationCap, Target, Trophy } from 'lucide-react';
import { css } from 'styled-system/css';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { PageHeader } from '~/components/ui/page-header';
import { PreviewBadge, PreviewNotice, previewOnly } from '~/components/ui/preview-notice';
import { SimpleTable } from '~/components/ui/simple-table';
import { StatCard } from '~/components/ui/stat';
import * as Tabs from '~/components/ui/tabs';
import { ACTIVITIES, CLASS_PROGRESS, type ProgressStatus, REPORTS, STUDENT_PROGRESS, SUMMARY } from '../sample-data';
import { GoalsTab } from './goals-tab';

export const STATUS_TONE: Record<ProgressStatus, BadgeTone> = {
  Improving: 'success',
  Stable: 'info',
  Declining: 'danger',
};

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  description: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
  }),
  split: css({ display: 'grid', gridTemplateColumns: { base: '1fr', xl: '3fr 2fr' }, gap: { base: '4', md: '6' } }),
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '3',
    py: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0', pt: '0' },
  }),
  itemTitle: css({ fontWeight: 'medium' }),
  itemMeta: css({ fontSize: 'sm', color: 'fg.muted' }),
  cardHeader: css({ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', gap: '3' }),
  strong: css({ fontWeight: 'medium' }),
};

const statusBadge = (status: ProgressStatus) => <Badge tone={STATUS_TONE[status]}>{status}</Badge>;

export function StudentProgressScreen() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Student Performance Reports"
        description={
          <span className={styles.description}>
            <PreviewBadge />
            Academic progress, activities and goals of your students.
          </span>
        }
        actions={
          <Button onClick={() => previewOnly('Generating a progress report')}>
            <FilePlus2 size={16} aria-hidden="true" />
            Generate report
          </Button>
        }
      />
      <PreviewNotice>
        This screen shows how progress tracking will look, with fixed sample figures rather than your school's data.
      </PreviewNotice>
      <div className={styles.stats}>
        <StatCard label="Students" icon={GraduationCap} value={SUMMARY.students} helpText="Tracked this term" />
        <StatCard
          label="Average GPA"
          icon={Trophy}
          tone="success"
          value={SUMMARY.averageGpa.toFixed(1)}
          helpText="Out of 4.0"
        />
        <StatCard label="Activities" icon={Activity} tone="info" value={SUMMARY.activities} helpText="This term" />
        <StatCard
          label="Goals achieved"
          icon={Target}
          tone="warning"
          value={`${SUMMARY.goalsAchieved}%`}
          helpText="Of goals set this year"
        />
      </div>
      <Tabs.Root defaultValue="overview" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="academic">Academic Progress</Tabs.Trigger>
          <Tabs.Trigger value="activities">Activities</Tabs.Trigger>
          <Tabs.Trigger value="goals">Goals & Targets</Tabs.Trigger>
          <Tabs.Trigger value="reports">Progress Reports</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="overview">
          <div className={styles.split}>
            <Card.Root>
              <Card.Header>
                <Card.Title>Progress by class</Card.Title>
                <Card.Description>Average GPA and attendance this term</Card.Description>
              </Card.Header>
              <Card.Body>
                <SimpleTable
                  caption="Sample progress by class"
                  rows={CLASS_PROGRESS}
                  rowKey={(row) => row.className}
                  columns={[
                    { key: 'class', header: 'Class', render: (row) => row.className },
                    { key: 'gpa', header: 'Average GPA', numeric: true, render: (row) => row.gpa.toFixed(1) },
                    { key: 'attendance', header: 'Attendance', numeric: true, render: (row) => `${row.attendance}%` },
                    { key: 'status', header: 'Trend', render: (row) => statusBadge(row.status) },
                  ]}
                />
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Header>
                <Card.Title>Recent activities</Card.Title>
                <Card.Description>Events students took part in</Card.Description>
              </Card.Header>
              <Card.Body>
                <ul className={styles.list}>
                  {ACTIVITIES.slice(0, 4).map((activity) => (
                    <li key={activity.title} className={styles.item}>
                      <div>
                        <p className={styles.itemTitle}>{activity.title}</p>
                        <p className={styles.itemMeta}>
                          {activity.participants} students · {activity.date}
                        </p>
                      </div>
                      <Badge tone="brand">{activity.type}</Badge>
                    </li>
                  ))}
                </ul>
              </Card.Body>
            </Card.Root>
          </div>
        </Tabs.Content>
        <Tabs.Content value="academic">
          <Card.Root>
            <Card.Header>
              <Card.Title>Academic progress</Card.Title>
              <Card.Description>GPA last term and this term</Card.Description>
            </Card.Header>
            <Card.Body>
              <SimpleTable
                caption="Sample academic progress"
                rows={STUDENT_PROGRESS}
                rowKey={(row) => row.name}
                columns={[
                  {
                    key: 'name',
                    header: 'Student',
                    render: (row) => <span className={styles.strong}>{row.name}</span>,
                  },
                  { key: 'class', header: 'Class', render: (row) => row.className },
                  { key: 'previous', header: 'Last term', numeric: true, render: (row) => row.previous.toFixed(1) },
                  { key: 'current', header: 'This term', numeric: true, render: (row) => row.current.toFixed(1) },
                  { key: 'status', header: 'Status', render: (row) => statusBadge(row.status) },
                ]}
              />
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
        <Tabs.Content value="activities">
          <Card.Root>
            <Card.Header className={styles.cardHeader}>
              <div>
                <Card.Title>Activities</Card.Title>
                <Card.Description>Academic, sports, arts, leadership and community service</Card.Description>
              </div>
              <Button variant="outline" onClick={() => previewOnly('Adding an activity')}>
                Add activity
              </Button>
            </Card.Header>
            <Card.Body>
              <SimpleTable
                caption="Sample activities"
                rows={ACTIVITIES}
                rowKey={(row) => row.title}
                columns={[
                  {
                    key: 'title',
                    header: 'Activity',
                    render: (row) => <span className={styles.strong}>{row.title}</span>,
                  },
                  { key: 'type', header: 'Type', render: (row) => <Badge tone="brand">{row.type}</Badge> },
                  { key: 'participants', header: 'Students', numeric: true, render: (row) => row.participants },
                  { key: 'date', header: 'Date', render: (row) => row.date },
                ]}
              />
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
        <Tabs.Content value="goals">
          <GoalsTab />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <Card.Root>
            <Card.Header>
              <Card.Title>Progress reports</Card.Title>
              <Card.Description>Reports to share with parents and teachers</Card.Description>
            </Card.Header>
            <Card.Body>
              <ul className={styles.list}>
                {REPORTS.map((report) => (
                  <li key={report.title} className={styles.item}>
                    <div>
                      <p className={styles.itemTitle}>{report.title}</p>
                      <p className={styles.itemMeta}>
                        {report.period} · {report.scope}
                      </p>
                    </div>
                    <Button size="sm" variant="outline" onClick={() => previewOnly('Generating a report')}>
                      Generate
                    </Button>
                  </li>
                ))}
              </ul>
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
