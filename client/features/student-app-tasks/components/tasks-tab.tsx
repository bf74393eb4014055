import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '~/components/ui/badge';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { PagedTable } from '~/components/ui/paged-table';
import { SimpleSelect } from '~/components/ui/select';
import * as Table from '~/components/ui/table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { classLabel } from '~/lib/class-label';
import { type TaskFilters, tasksQuery } from '../api';
import {
  ALL,
  chosen,
  formatDate,
  PRIORITY_TONE,
  priorityLabel,
  TASK_TONE,
  type TaskStatus,
  taskStatusLabel,
  taskStatusOptions,
} from '../format';
import { tabStyles } from './shared';

const PAGE_SIZE = 20;

/** Tasks: the students' own to-dos across the school, open ones first; the office reads them. */
export function TasksTab() {
  const [filters, setFilters] = useState<TaskFilters>({ page: 1, limit: PAGE_SIZE });
  const tasks = useQuery(tasksQuery(filters));
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>Tasks</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>The to-dos students keep in the student app, open ones first</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <div className={tabStyles.toolbar}>
          <SimpleSelect
            label={t`Status`}
            options={taskStatusOptions()}
            value={filters.status ?? ALL}
            onValueChange={(status) => setFilters((f) => ({ ...f, status: chosen<TaskStatus>(status), page: 1 }))}
          />
        </div>
        <PagedTable
          query={tasks}
          skeleton={<TableSkeleton columns={5} />}
          errorTitle={t`Tasks could not be loaded`}
          empty={
            <EmptyState
              as="h3"
              icon={ListChecks}
              title={filters.status ? t`No tasks with this status` : t`No tasks yet`}
              description={
                filters.status
                  ? t`Choose another status to see more tasks.`
                  : t`Students add their own tasks, with a priority and a due date, in the student app; they appear here.`
              }
            />
          }
          label={t`Tasks`}
          className={tabStyles.scroller}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => setFilters((f) => ({ ...f, page }))}
          noun={t`tasks`}
        >
          {(data) => (
            <>
              <Table.Caption>
                <Trans>Students’ tasks</Trans>
              </Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">
                    <Trans>Task</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Student</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Due</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Priority</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Status</Trans>
                  </Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {data.rows.map((task) => (
                  <Table.Row key={task._id}>
                    <Table.Cell>
                      <span className={tabStyles.primary}>{task.title}</span>
                    </Table.Cell>
                    <Table.Cell>
                      <span className={tabStyles.primary}>{task.student.name}</span>
                      {task.class ? <span className={tabStyles.secondary}>{classLabel(task.class)}</span> : null}
                    </Table.Cell>
                    <Table.Cell className={tabStyles.nowrap}>
                      {task.dueDate ? formatDate(task.dueDate) : '—'}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge tone={PRIORITY_TONE[task.priority]}>{priorityLabel(task.priority)}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge tone={TASK_TONE[task.status]}>{taskStatusLabel(task.status)}</Badge>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </>
          )}
        </PagedTable>
      </Card.Body>
    </Card.Root>
  );
}
