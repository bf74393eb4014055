import { CheckCheck, ClipboardList, Clock3, Plus, TriangleAlert } from 'lucide-react';
import { css } from 'styled-system/css';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { lazyPart } from '~/components/ui/lazy-part';
import { Meter } from '~/components/ui/meter';
import { PageHeader } from '~/components/ui/page-header';
import { PreviewBadge, PreviewNotice, previewOnly } from '~/components/ui/preview-notice';
import { SimpleTable } from '~/components/ui/simple-table';
import { StatCard } from '~/components/ui/stat';
import * as Tabs from '~/components/ui/tabs';
import {
  ASSIGNMENTS,
  type AssignmentStatus,
  SUBJECT_COMPLETION,
  SUBMISSIONS,
  SUMMARY,
  type SubmissionStatus,
  TASKS,
  type TaskPriority,
  type TaskStatus,
} from '../sample-data';

// Another tab's form: its code loads once the screen has drawn.
const NewAssignmentForm = lazyPart(
  () => import('./new-assignment-form').then((m) => m.NewAssignmentForm),
  () => true,
);

const ASSIGNMENT_TONE: Record<AssignmentStatus, BadgeTone> = {
  Active: 'info',
  Completed: 'success',
  Overdue: 'danger',
};
const SUBMISSION_TONE: Record<SubmissionStatus, BadgeTone> = {
  Submitted: 'success',
  Pending: 'warning',
  Overdue: 'danger',
};
const TASK_TONE: Record<TaskStatus, BadgeTone> = { Pending: 'warning', 'In Progress': 'info', Completed: 'success' };
const PRIORITY_TONE: Record<TaskPriority, BadgeTone> = { High: 'danger', Medium: 'warning', Low: 'neutral' };

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  description: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
  }),
  split: css({ display: 'grid', gridTemplateColumns: { base: '1fr', xl: '3fr 2fr' }, gap: { base: '4', md: '6' } }),
  strong: css({ fontWeight: 'medium' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  cardHeader: css({ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', gap: '3' }),
  meters: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  meterLabel: css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' }),
};

function AssignmentsTable({ rows = ASSIGNMENTS }: { rows?: typeof ASSIGNMENTS }) {
  return (
    <SimpleTable
      caption="Sample assignments"
      rows={rows}
      rowKey={(row) => row.title}
      columns={[
        {
          key: 'title',
          header: 'Assignment',
          render: (row) => (
            <>
              <span className={styles.strong}>{row.title}</span>
              <br />
              <span className={styles.muted}>{row.subject}</span>
            </>
          ),
        },
        { key: 'class', header: 'Class', render: (row) => row.className },
        { key: 'due', header: 'Due', render: (row) => row.due },
        { key: 'submitted', header: 'Submitted', numeric: true, render: (row) => `${row.submitted} / ${row.total}` },
        {
          key: 'status',
          header: 'Status',
          render: (row) => <Badge tone={ASSIGNMENT_TONE[row.status]}>{row.status}</Badge>,
        },
      ]}
    />
  );
}

export function StudentAppTasksScreen() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Assignments & Homework"
        description={
          <span className={styles.description}>
            <PreviewBadge />
            Assignments, homework and submissions for the student app.
          </span>
        }
        actions={
          <Button onClick={() => previewOnly('Creating an assignment')}>
            <Plus size={16} aria-hidden="true" />
            New assignment
          </Button>
        }
      />
      <PreviewNotice>
        This screen shows how homework will be set and followed up, with fixed sample figures rather than your school's
        data.
      </PreviewNotice>
      <div className={styles.stats}>
        <StatCard label="Assignments" icon={ClipboardList} value={SUMMARY.assignments} helpText="Set this term" />
        <StatCard
          label="Pending"
          icon={Clock3}
          tone="warning"
          value={SUMMARY.pending}
          helpText="Awaiting submissions"
        />
        <StatCard label="Completed" icon={CheckCheck} tone="success" value={SUMMARY.completed} helpText="All work in" />
        <StatCard
          label="Overdue"
          icon={TriangleAlert}
          tone="danger"
          value={SUMMARY.overdue}
          helpText="Past their due date"
        />
      </div>
      <Tabs.Root defaultValue="overview" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="assignments">Assignments</Tabs.Trigger>
          <Tabs.Trigger value="tasks">Tasks</Tabs.Trigger>
          <Tabs.Trigger value="submissions">Submissions</Tabs.Trigger>
          <Tabs.Trigger value="reports">Reports</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="overview">
          <div className={styles.split}>
            <Card.Root>
              <Card.Header>
                <Card.Title>Due soon</Card.Title>
                <Card.Description>Assignments still open</Card.Description>
              </Card.Header>
              <Card.Body>
                <AssignmentsTable rows={ASSIGNMENTS.filter((a) => a.status !== 'Completed')} />
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Header>
                <Card.Title>Completion by subject</Card.Title>
                <Card.Description>Share of work handed in on time</Card.Description>
              </Card.Header>
              <Card.Body className={styles.meters}>
                {SUBJECT_COMPLETION.map((row) => (
                  <div key={row.subject}>
                    <p className={styles.meterLabel}>{row.subject}</p>
                    <Meter
                      value={row.rate}
                      label={`${row.subject} completion`}
                      tone={row.rate >= 85 ? 'success' : row.rate >= 75 ? 'brand' : 'warning'}
                    />
                  </div>
                ))}
              </Card.Body>
            </Card.Root>
          </div>
        </Tabs.Content>
        <Tabs.Content value="assignments">
          <div className={styles.split}>
            <Card.Root>
              <Card.Header>
                <Card.Title>Assignments</Card.Title>
                <Card.Description>Active, completed and overdue</Card.Description>
              </Card.Header>
              <Card.Body>
                <AssignmentsTable />
              </Card.Body>
            </Card.Root>
            <NewAssignmentForm />
          </div>
        </Tabs.Content>
        <Tabs.Content value="tasks">
          <Card.Root>
            <Card.Header className={styles.cardHeader}>
              <div>
                <Card.Title>Tasks</Card.Title>
                <Card.Description>Follow-ups for teachers</Card.Description>
              </div>
              <Button variant="outline" onClick={() => previewOnly('Adding a task')}>
                Add task
              </Button>
            </Card.Header>
            <Card.Body>
              <SimpleTable
                caption="Sample tasks"
                rows={TASKS}
                rowKey={(row) => row.title}
                columns={[
                  { key: 'title', header: 'Task', render: (row) => <span className={styles.strong}>{row.title}</span> },
                  { key: 'owner', header: 'Owner', render: (row) => row.owner },
                  { key: 'due', header: 'Due', render: (row) => row.due },
                  {
                    key: 'priority',
                    header: 'Priority',
                    render: (row) => <Badge tone={PRIORITY_TONE[row.priority]}>{row.priority}</Badge>,
                  },
                  {
                    key: 'status',
                    header: 'Status',
                    render: (row) => <Badge tone={TASK_TONE[row.status]}>{row.status}</Badge>,
                  },
                ]}
              />
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
        <Tabs.Content value="submissions">
          <Card.Root>
            <Card.Header>
              <Card.Title>Submissions</Card.Title>
              <Card.Description>What students have handed in</Card.Description>
            </Card.Header>
            <Card.Body>
              <SimpleTable
                caption="Sample submissions"
                rows={SUBMISSIONS}
                rowKey={(row) => `${row.student}:${row.assignment}`}
                columns={[
                  {
                    key: 'student',
                    header: 'Student',
                    render: (row) => <span className={styles.strong}>{row.student}</span>,
                  },
                  { key: 'assignment', header: 'Assignment', render: (row) => row.assignment },
                  { key: 'on', header: 'Submitted on', render: (row) => row.submittedOn },
                  {
                    key: 'status',
                    header: 'Status',
                    render: (row) => <Badge tone={SUBMISSION_TONE[row.status]}>{row.status}</Badge>,
                  },
                ]}
              />
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
        <Tabs.Content value="reports">
          <Card.Root>
            <Card.Header className={styles.cardHeader}>
              <div>
                <Card.Title>Homework reports</Card.Title>
                <Card.Description>Completion per class and subject, ready to share</Card.Description>
              </div>
              <Button variant="outline" onClick={() => previewOnly('Generating a homework report')}>
                Generate report
              </Button>
            </Card.Header>
            <Card.Body className={styles.meters}>
              {SUBJECT_COMPLETION.map((row) => (
                <div key={row.subject}>
                  <p className={styles.meterLabel}>{row.subject}</p>
                  <Meter value={row.rate} label={`${row.subject} completion`} />
                </div>
              ))}
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
