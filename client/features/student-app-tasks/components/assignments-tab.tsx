import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { PagedTable } from '~/components/ui/paged-table';
import { SimpleSelect } from '~/components/ui/select';
import * as Table from '~/components/ui/table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { classLabel } from '~/lib/class-label';
import { type HomeworkFilters, homeworkListQuery } from '../api';
import {
  ALL,
  chosen,
  count,
  formatDue,
  HOMEWORK_TONE,
  type HomeworkStatus,
  homeworkStatusLabel,
  homeworkStatusOptions,
} from '../format';
import { ClassSelect } from './class-select';
import { NoHomework, tabStyles } from './shared';

const PAGE_SIZE = 20;

/** Assignments: the school's homework by class and status, paged, each opening its hand-ins. */
export function AssignmentsTab({ onOpen }: { onOpen: (id: string) => void }) {
  const [filters, setFilters] = useState<HomeworkFilters>({ page: 1, limit: PAGE_SIZE });
  const list = useQuery(homeworkListQuery(filters));
  const filtered = Boolean(filters.classId || filters.status);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>Assignments</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Active until due; then completed when every student handed in, overdue when some did not</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <div className={tabStyles.toolbar}>
          <ClassSelect
            value={filters.classId}
            onValueChange={(classId) => setFilters((f) => ({ ...f, classId, page: 1 }))}
          />
          <SimpleSelect
            label={t`Status`}
            options={homeworkStatusOptions()}
            value={filters.status ?? ALL}
            onValueChange={(status) => setFilters((f) => ({ ...f, status: chosen<HomeworkStatus>(status), page: 1 }))}
          />
        </div>
        <PagedTable
          query={list}
          skeleton={<TableSkeleton columns={6} />}
          errorTitle={t`Homework could not be loaded`}
          empty={<NoHomework filtered={filtered} />}
          label={t`Assignments`}
          className={tabStyles.scroller}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => setFilters((f) => ({ ...f, page }))}
          noun={t`assignments`}
        >
          {(data) => (
            <>
              <Table.Caption>
                <Trans>Homework of the school, latest due first</Trans>
              </Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">
                    <Trans>Homework</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Class</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Teacher</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Due</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Hand-ins</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Status</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <span className={tabStyles.srOnly}>
                      <Trans>Open hand-ins</Trans>
                    </span>
                  </Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {data.rows.map((homework) => (
                  <Table.Row key={homework._id}>
                    <Table.Cell>
                      <span className={tabStyles.primary}>{homework.title}</span>
                      <span className={tabStyles.secondary}>{homework.subject.name}</span>
                    </Table.Cell>
                    <Table.Cell className={tabStyles.nowrap}>{classLabel(homework.class)}</Table.Cell>
                    <Table.Cell className={tabStyles.nowrap}>{homework.setBy?.name ?? '—'}</Table.Cell>
                    <Table.Cell className={tabStyles.nowrap}>
                      <time dateTime={homework.dueAt}>{formatDue(homework)}</time>
                    </Table.Cell>
                    <Table.Cell className={tabStyles.nowrap}>
                      <span className={tabStyles.primary}>
                        {t`${count(homework.counts.submitted)} of ${count(homework.counts.students)}`}
                      </span>
                      {homework.counts.late > 0 ? (
                        <span className={tabStyles.secondary}>{t`${count(homework.counts.late)} late`}</span>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge tone={HOMEWORK_TONE[homework.status]}>{homeworkStatusLabel(homework.status)}</Badge>
                    </Table.Cell>
                    <Table.Cell className={tabStyles.actions}>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => onOpen(homework._id)}
                        aria-label={t`Hand-ins of ${homework.title}`}
                      >
                        <Trans>Hand-ins</Trans>
                      </Button>
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
