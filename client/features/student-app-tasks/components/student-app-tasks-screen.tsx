import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
  type AssignmentStatus,
  assignmentStatusLabel,
  assignments,
  count,
  priorityLabel,
  type SampleAssignment,
  SUMMARY,
  type SubmissionStatus,
  subjectCompletion,
  submissionStatusLabel,
  submissions,
  type TaskPriority,
  type TaskStatus,
  taskStatusLabel,
  tasks,
} from '../sample-data';

// Another tab's form: its code loads once the screen has drawn.
const NewAssignmentForm = lazyPart(
  () => import('./new-assignment-form').then((m) => m.NewAssignmentForm),
  () => true,
);

const ASSIGNMENT_TONE: Record<AssignmentStatus, BadgeTone> = {
  active: 'info',
  completed: 'success',
  overdue: 'danger',
};
const SUBMISSION_TONE: Record<SubmissionStatus, BadgeTone> = {
  submitted: 'success',
  pending: 'warning',
  overdue: 'danger',
};
const TASK_TONE: Record<TaskStatus, BadgeTone> = { pending: 'warning', 'in-progress': 'info', completed: 'success' };
const PRIORITY_TONE: Record<TaskPriority, BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

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

function AssignmentsTable({ rows }: { rows: SampleAssignment[] }) {
  return (
    <SimpleTable
      caption={t`Sample assignments`}
      rows={rows}
      rowKey={(row) => row.title}
      columns={[
        {
          key: 'title',
          header: t`Assignment`,
          render: (row) => (
            <>
              <span className={styles.strong}>{row.title}</span>
              <br />
              <span className={styles.muted}>{row.subject}</span>
            </>
          ),
        },
        { key: 'class', header: t`Class`, render: (row) => row.className },
        { key: 'due', header: t`Due`, render: (row) => row.due },
        {
          key: 'submitted',
          header: t`Submitted`,
          numeric: true,
          render: (row) => `${count(row.submitted)} / ${count(row.total)}`,
        },
        {
          key: 'status',
          header: t`Status`,
          render: (row) => <Badge tone={ASSIGNMENT_TONE[row.status]}>{assignmentStatusLabel(row.status)}</Badge>,
        },
      ]}
    />
  );
}

export function StudentAppTasksScreen() {
  const sampleAssignments = assignments();
  const completion = subjectCompletion();
  return (
    <div className={styles.page}>
      <PageHeader
        title={t`Assignments & Homework`}
        description={
          <span className={styles.description}>
            <PreviewBadge />
            <Trans>Assignments, homework and submissions for the student app.</Trans>
          </span>
        }
        actions={
          <Button onClick={() => previewOnly(t`Creating an assignment`)}>
            <Plus size={16} aria-hidden="true" />
            <Trans>New assignment</Trans>
          </Button>
        }
      />
      <PreviewNotice>
        {t`This screen shows how homework will be set and followed up, with fixed sample figures rather than your school's data.`}
      </PreviewNotice>
      <div className={styles.stats}>
        <StatCard
          label={t`Assignments`}
          icon={ClipboardList}
          value={count(SUMMARY.assignments)}
          helpText={t`Set this term`}
        />
        <StatCard
          label={t`Pending`}
          icon={Clock3}
          tone="warning"
          value={count(SUMMARY.pending)}
          helpText={t`Awaiting submissions`}
        />
        <StatCard
          label={t`Completed`}
          icon={CheckCheck}
          tone="success"
          value={count(SUMMARY.completed)}
          helpText={t`All work in`}
        />
        <StatCard
          label={t`Overdue`}
          icon={TriangleAlert}
          tone="danger"
          value={count(SUMMARY.overdue)}
          helpText={t`Past their due date`}
        />
      </div>
      <Tabs.Root defaultValue="overview" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="overview">
            <Trans>Overview</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="assignments">
            <Trans>Assignments</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="tasks">
            <Trans>Tasks</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="submissions">
            <Trans>Submissions</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="reports">
            <Trans>Reports</Trans>
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="overview">
          <div className={styles.split}>
            <Card.Root>
              <Card.Header>
                <Card.Title>
                  <Trans>Due soon</Trans>
                </Card.Title>
                <Card.Description>
                  <Trans>Assignments still open</Trans>
                </Card.Description>
              </Card.Header>
              <Card.Body>
                <AssignmentsTable rows={sampleAssignments.filter((a) => a.status !== 'completed')} />
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Header>
                <Card.Title>
                  <Trans>Completion by subject</Trans>
                </Card.Title>
                <Card.Description>
                  <Trans>Share of work handed in on time</Trans>
                </Card.Description>
              </Card.Header>
              <Card.Body className={styles.meters}>
                {completion.map((row) => (
                  <div key={row.subject}>
                    <p className={styles.meterLabel}>{row.subject}</p>
                    <Meter
                      value={row.rate}
                      label={t`${row.subject} completion`}
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
                <Card.Title>
                  <Trans>Assignments</Trans>
                </Card.Title>
                <Card.Description>
                  <Trans>Active, completed and overdue</Trans>
                </Card.Description>
              </Card.Header>
              <Card.Body>
                <AssignmentsTable rows={sampleAssignments} />
              </Card.Body>
            </Card.Root>
            <NewAssignmentForm />
          </div>
        </Tabs.Content>
        <Tabs.Content value="tasks">
          <Card.Root>
            <Card.Header className={styles.cardHeader}>
              <div>
                <Card.Title>
                  <Trans>Tasks</Trans>
                </Card.Title>
                <Card.Description>
                  <Trans>Follow-ups for teachers</Trans>
                </Card.Description>
              </div>
              <Button variant="outline" onClick={() => previewOnly(t`Adding a task`)}>
                <Trans>Add task</Trans>
              </Button>
            </Card.Header>
            <Card.Body>
              <SimpleTable
                caption={t`Sample tasks`}
                rows={tasks()}
                rowKey={(row) => row.title}
                columns={[
                  {
                    key: 'title',
                    header: t`Task`,
                    render: (row) => <span className={styles.strong}>{row.title}</span>,
                  },
                  { key: 'owner', header: t`Owner`, render: (row) => row.owner },
                  { key: 'due', header: t`Due`, render: (row) => row.due },
                  {
                    key: 'priority',
                    header: t`Priority`,
                    render: (row) => <Badge tone={PRIORITY_TONE[row.priority]}>{priorityLabel(row.priority)}</Badge>,
                  },
                  {
                    key: 'status',
                    header: t`Status`,
                    render: (row) => <Badge tone={TASK_TONE[row.status]}>{taskStatusLabel(row.status)}</Badge>,
                  },
                ]}
              />
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
        <Tabs.Content value="submissions">
          <Card.Root>
            <Card.Header>
              <Card.Title>
                <Trans>Submissions</Trans>
              </Card.Title>
              <Card.Description>
                <Trans>What students have handed in</Trans>
              </Card.Description>
            </Card.Header>
            <Card.Body>
              <SimpleTable
                caption={t`Sample submissions`}
                rows={submissions()}
                rowKey={(row) => `${row.student}:${row.assignment}`}
                columns={[
                  {
                    key: 'student',
                    header: t`Student`,
                    render: (row) => <span className={styles.strong}>{row.student}</span>,
                  },
                  { key: 'assignment', header: t`Assignment`, render: (row) => row.assignment },
                  { key: 'on', header: t`Submitted on`, render: (row) => row.submittedOn },
                  {
                    key: 'status',
                    header: t`Status`,
                    render: (row) => (
                      <Badge tone={SUBMISSION_TONE[row.status]}>{submissionStatusLabel(row.status)}</Badge>
                    ),
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
                <Card.Title>
                  <Trans>Homework reports</Trans>
                </Card.Title>
                <Card.Description>
                  <Trans>Completion per class and subject, ready to share</Trans>
                </Card.Description>
              </div>
              <Button variant="outline" onClick={() => previewOnly(t`Generating a homework report`)}>
                <Trans>Generate report</Trans>
              </Button>
            </Card.Header>
            <Card.Body className={styles.meters}>
              {completion.map((row) => (
                <div key={row.subject}>
                  <p className={styles.meterLabel}>{row.subject}</p>
                  <Meter value={row.rate} label={t`${row.subject} completion`} />
                </div>
              ))}
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
