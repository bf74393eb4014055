import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
import { actionLabel, ENTITIES, entityLabel, formatDateTime } from '../format';

const PAGE_SIZE = 25;

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

export function ActivityLogPanel() {
  const [filters, setFilters] = useState<ActivityFilters>({ page: 1, limit: PAGE_SIZE });
  const log = useQuery(activityQuery(filters));
  const filtered = Boolean(filters.action || filters.entity || filters.from || filters.to);

  const setFilter = (key: 'action' | 'entity' | 'from' | 'to', value: string) =>
    setFilters((current) => ({ ...current, [key]: value || undefined, page: 1 }));

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>Activity log</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Who created, changed or deleted what in this school, and when.</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body className={styles.body}>
        <div className={styles.toolbar}>
          <SimpleSelect
            label={t`Action`}
            options={[
              { value: 'all', label: t`All actions` },
              ...ACTIVITY_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) })),
            ]}
            value={filters.action ?? 'all'}
            onValueChange={(value) => setFilter('action', value === 'all' ? '' : value)}
          />
          <SimpleSelect
            label={t`Record type`}
            options={[
              { value: 'all', label: t`All records` },
              ...ENTITIES.map((e) => ({ value: e, label: entityLabel(e) })),
            ]}
            value={filters.entity ?? 'all'}
            onValueChange={(value) => setFilter('entity', value === 'all' ? '' : value)}
          />
          <DateField label={t`From`} value={filters.from ?? ''} onValueChange={(value) => setFilter('from', value)} />
          <DateField label={t`To`} value={filters.to ?? ''} onValueChange={(value) => setFilter('to', value)} />
          <Button variant="ghost" disabled={!filtered} onClick={() => setFilters({ page: 1, limit: PAGE_SIZE })}>
            <FilterX size={16} aria-hidden="true" />
            <Trans>Clear filters</Trans>
          </Button>
        </div>
        <PagedTable
          query={log}
          skeleton={<TableSkeleton columns={4} widths={['32', '24', '16', '64']} />}
          errorTitle={t`The activity log could not be loaded`}
          empty={
            <EmptyState
              as="h3"
              icon={History}
              title={filtered ? t`No activity matches these filters` : t`No activity yet`}
              description={
                filtered ? t`Try a wider date range or another record type.` : t`Changes appear here as they happen.`
              }
            />
          }
          label={t`Activity entries`}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
          noun={t`entries`}
        >
          {(data) => (
            <>
              <Table.Caption>
                {plural(data.total, {
                  one: '# entry, newest first',
                  other: '# entries, newest first',
                })}
              </Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">
                    <Trans>When</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Who</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Action</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Record</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Summary</Trans>
                  </Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {data.rows.map((entry) => (
                  <Table.Row key={entry._id}>
                    <Table.Cell className={styles.when}>
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                    </Table.Cell>
                    <Table.Cell className={styles.who}>{entry.userName ?? t`System`}</Table.Cell>
                    <Table.Cell>
                      <Badge tone={ACTION_TONE[entry.action] ?? 'neutral'}>{actionLabel(entry.action)}</Badge>
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
