import { useQuery } from '@tanstack/react-query';
import { FilterX, History } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { DateField } from '~/components/ui/date-picker';
import { EmptyState } from '~/components/ui/empty-state';
import { PagedTable } from '~/components/ui/paged-table';
import { SimpleSelect } from '~/components/ui/select';
import * as Table from '~/components/ui/table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityFilters, activityQuery } from '../api';
import { entityLabel, formatDateTime } from '../format';

const PAGE_SIZE = 25;

const ENTITIES = [
  'attendance',
  'backup',
  'class',
  'complaint',
  'document',
  'employee',
  'employee_attendance',
  'fee_category',
  'fee_collection',
  'fee_due',
  'fee_receipt',
  'fee_structure',
  'important_date',
  'schedule',
  'school',
  'student',
  'student_attendance',
  'student_import',
  'subject',
  'subject_category',
  'teacher',
  'teacher_attendance',
  'transfer_certificate',
];

const ACTION_TONE: Record<ActivityAction, BadgeTone> = {
  create: 'success',
  update: 'info',
  delete: 'danger',
  read: 'neutral',
  export: 'brand',
  restore: 'warning',
};

const styles = {
  toolbar: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr)) auto' },
    gap: '3',
    alignItems: 'end',
  }),
  who: css({ fontWeight: 'medium', whiteSpace: 'nowrap' }),
  when: css({ whiteSpace: 'nowrap', color: 'fg.muted' }),
  summary: css({ minW: '64' }),
  body: css({ gap: '4' }),
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ActivityLogPanel() {
  const [filters, setFilters] = useState<ActivityFilters>({ page: 1, limit: PAGE_SIZE });
  const log = useQuery(activityQuery(filters));
  const filtered = Boolean(filters.action || filters.entity || filters.from || filters.to);

  const setFilter = (key: 'action' | 'entity' | 'from' | 'to', value: string) =>
    setFilters((current) => ({ ...current, [key]: value || undefined, page: 1 }));

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Activity log</Card.Title>
        <Card.Description>Who created, changed or deleted what in this school, and when.</Card.Description>
      </Card.Header>
      <Card.Body className={styles.body}>
        <div className={styles.toolbar}>
          <SimpleSelect
            label="Action"
            options={[
              { value: 'all', label: 'All actions' },
              ...ACTIVITY_ACTIONS.map((a) => ({ value: a, label: capitalise(a) })),
            ]}
            value={filters.action ?? 'all'}
            onValueChange={(value) => setFilter('action', value === 'all' ? '' : value)}
          />
          <SimpleSelect
            label="Record type"
            options={[
              { value: 'all', label: 'All records' },
              ...ENTITIES.map((e) => ({ value: e, label: entityLabel(e) })),
            ]}
            value={filters.entity ?? 'all'}
            onValueChange={(value) => setFilter('entity', value === 'all' ? '' : value)}
          />
          <DateField label="From" value={filters.from ?? ''} onValueChange={(value) => setFilter('from', value)} />
          <DateField label="To" value={filters.to ?? ''} onValueChange={(value) => setFilter('to', value)} />
          <Button variant="ghost" disabled={!filtered} onClick={() => setFilters({ page: 1, limit: PAGE_SIZE })}>
            <FilterX size={16} aria-hidden="true" />
            Clear filters
          </Button>
        </div>
        <PagedTable
          query={log}
          skeleton={<TableSkeleton columns={4} widths={['32', '24', '16', '64']} />}
          errorTitle="The activity log could not be loaded"
          empty={
            <EmptyState
              as="h3"
              icon={History}
              title={filtered ? 'No activity matches these filters' : 'No activity yet'}
              description={
                filtered ? 'Try a wider date range or another record type.' : 'Changes appear here as they happen.'
              }
            />
          }
          label="Activity entries"
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
          noun="entries"
        >
          {(data) => (
            <>
              <Table.Caption>
                {data.total.toLocaleString()} {data.total === 1 ? 'entry' : 'entries'}, newest first
              </Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">When</Table.Header>
                  <Table.Header scope="col">Who</Table.Header>
                  <Table.Header scope="col">Action</Table.Header>
                  <Table.Header scope="col">Record</Table.Header>
                  <Table.Header scope="col">Summary</Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {data.rows.map((entry) => (
                  <Table.Row key={entry._id}>
                    <Table.Cell className={styles.when}>
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                    </Table.Cell>
                    <Table.Cell className={styles.who}>{entry.userName ?? 'System'}</Table.Cell>
                    <Table.Cell>
                      <Badge tone={ACTION_TONE[entry.action] ?? 'neutral'}>{capitalise(entry.action)}</Badge>
                    </Table.Cell>
                    <Table.Cell>{entityLabel(entry.entity)}</Table.Cell>
                    <Table.Cell className={styles.summary}>{entry.summary}</Table.Cell>
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
