import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Layers, Plus, Tags, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button, IconButton } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { lazyPart } from '~/components/ui/lazy-part';
import { Money } from '~/components/ui/money';
import { PagedTable } from '~/components/ui/paged-table';
import { EditDeleteButtons } from '~/components/ui/row-actions';
import * as Table from '~/components/ui/table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { toast } from '~/lib/toast';
import { type FeeStructure, type StructureFilters, structuresQuery, useDeleteStructure } from '../api';
import { classLabel, formatDate, frequencyName, isolate } from '../format';
import { FilterSelect, useCategoryOptions, useClassOptions, useCurrency } from './pickers';
import { tableStyles } from './table-styles';

// Opened on a click: their code loads once the screen has drawn.
const StructureDialog = lazyPart(() => import('./structure-dialog').then((m) => m.StructureDialog));
const CategoriesDialog = lazyPart(() => import('./categories-dialog').then((m) => m.CategoriesDialog));
const AssignDialog = lazyPart(
  () => import('./assign-dialog').then((m) => m.AssignDialog),
  (p) => p.structure !== null,
);

const PAGE_SIZE = 50;

const styles = {
  toolbar: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(2, minmax(0, 14rem)) 1fr' },
    gap: '3',
    alignItems: 'end',
  }),
  buttons: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    justifyContent: { base: 'stretch', lg: 'flex-end' },
    gridColumn: { sm: 'span 2', lg: 'auto' },
    '& > *': { flex: { base: '1', lg: 'none' } },
  }),
};

/** 'Monthly · 8 instalments', or the frequency alone for a fee that falls due once. */
export function frequencyLabel(structure: Pick<FeeStructure, 'frequency' | 'instalments'>) {
  const label = frequencyName(structure.frequency);
  if (structure.instalments <= 1) return label;
  const count = plural(structure.instalments, { one: '# instalment', other: '# instalments' });
  return `${label} · ${count}`;
}

/** Who pays: the whole class, or the students assigned to an optional fee. */
function payersLabel(structure: FeeStructure) {
  if (!structure.optional) {
    if (structure.assignedCount === 0) return t`Whole class`;
    const charged = plural(structure.assignedCount, {
      one: '# charged from before admission',
      other: '# charged from before admission',
    });
    return `${t`Whole class`} · ${charged}`;
  }
  return `${t`Optional`} · ${plural(structure.assignedCount, { one: '# student', other: '# students' })}`;
}

function deleteDescription(structure: FeeStructure) {
  const category = isolate(structure.categoryId.name);
  const className = classLabel(structure.classId);
  return t`${category} for ${className} will no longer be charged, and its dues disappear. A fee with payments recorded against it cannot be deleted.`;
}

export function StructuresTab() {
  const currency = useCurrency();
  const classOptions = useClassOptions();
  const categoryOptions = useCategoryOptions();
  const [filters, setFilters] = useState<StructureFilters>({ page: 1, limit: PAGE_SIZE });
  const structures = useQuery(structuresQuery(filters));
  const remove = useDeleteStructure();
  const [editing, setEditing] = useState<FeeStructure | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FeeStructure | null>(null);
  const [assigning, setAssigning] = useState<FeeStructure | null>(null);
  const [managingCategories, setManagingCategories] = useState(false);
  const filtered = Boolean(filters.classId || filters.categoryId);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        toast.success(t`Fee structure deleted successfully`);
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(error.message);
        setDeleting(null);
      },
    });
  };

  const addButton = (
    <Button onClick={() => setEditing('new')}>
      <Plus size={16} aria-hidden="true" />
      <Trans>Add fee structure</Trans>
    </Button>
  );

  return (
    <Card.Root>
      <Card.Body>
        <div className={styles.toolbar}>
          <FilterSelect
            label={t`Class`}
            allLabel={t`All classes`}
            options={classOptions}
            value={filters.classId}
            onChange={(classId) => setFilters((current) => ({ ...current, classId, page: 1 }))}
          />
          <FilterSelect
            label={t`Fee`}
            allLabel={t`All fees`}
            options={categoryOptions}
            value={filters.categoryId}
            onChange={(categoryId) => setFilters((current) => ({ ...current, categoryId, page: 1 }))}
          />
          <div className={styles.buttons}>
            <Button variant="outline" onClick={() => setManagingCategories(true)}>
              <Tags size={16} aria-hidden="true" />
              <Trans>Categories</Trans>
            </Button>
            {addButton}
          </div>
        </div>
        <PagedTable
          query={structures}
          skeleton={<TableSkeleton columns={7} />}
          errorTitle={t`Fee structures could not be loaded`}
          empty={
            <EmptyState
              as="h3"
              icon={Layers}
              title={filtered ? t`No fee structures match these filters` : t`No fee structures yet`}
              description={
                filtered
                  ? t`Try another class or fee.`
                  : t`Set what each class pays, and when, to start taking payments.`
              }
              action={filtered ? undefined : addButton}
            />
          }
          label={t`Fee structures`}
          className={tableStyles.scroller}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
          noun={t`fee structures`}
        >
          {(data) => (
            <>
              <Table.Caption>
                <Trans>Fee structures by due date</Trans>
              </Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">
                    <Trans>Class</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Fee</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Frequency</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Due date</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Year</Trans>
                  </Table.Header>
                  <Table.Header scope="col" data-numeric>
                    <Trans>Amount</Trans>
                  </Table.Header>
                  <Table.Header scope="col" data-numeric>
                    <Trans>Collected</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <span className={css({ srOnly: true })}>
                      <Trans>Actions</Trans>
                    </span>
                  </Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {data.rows.map((structure) => {
                  const category = isolate(structure.categoryId.name);
                  const className = classLabel(structure.classId);
                  return (
                    <Table.Row key={structure._id}>
                      <Table.Cell className={tableStyles.nowrap}>{classLabel(structure.classId)}</Table.Cell>
                      <Table.Cell>
                        <span className={tableStyles.primary}>{structure.categoryId.name}</span>
                        <span className={tableStyles.note}>{payersLabel(structure)}</span>
                        {structure.description ? (
                          <span className={tableStyles.note}>{structure.description}</span>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell className={tableStyles.nowrap}>{frequencyLabel(structure)}</Table.Cell>
                      <Table.Cell className={tableStyles.nowrap}>
                        <time dateTime={structure.dueDate}>{formatDate(structure.dueDate)}</time>
                      </Table.Cell>
                      <Table.Cell className={tableStyles.nowrap}>{structure.academicYear}</Table.Cell>
                      <Table.Cell data-numeric className={tableStyles.strong}>
                        <Money amount={structure.amount} currency={currency} />
                      </Table.Cell>
                      <Table.Cell data-numeric>
                        <Money amount={structure.collected} currency={currency} />
                      </Table.Cell>
                      <Table.Cell className={tableStyles.actions}>
                        <span className={tableStyles.actionGroup}>
                          <IconButton
                            label={t`Students paying ${category} for ${className}`}
                            size="sm"
                            onClick={() => setAssigning(structure)}
                          >
                            <UserCheck size={16} aria-hidden="true" />
                          </IconButton>
                          <EditDeleteButtons
                            editLabel={t`Edit ${category} for ${className}`}
                            deleteLabel={t`Delete ${category} for ${className}`}
                            onEdit={() => setEditing(structure)}
                            onDelete={() => setDeleting(structure)}
                            size="sm"
                          />
                        </span>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </>
          )}
        </PagedTable>
      </Card.Body>
      <StructureDialog
        structure={editing === 'new' ? null : editing}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        onManageCategories={() => setManagingCategories(true)}
      />
      <AssignDialog structure={assigning} onOpenChange={(open) => !open && setAssigning(null)} />
      <CategoriesDialog open={managingCategories} onOpenChange={setManagingCategories} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t`Delete this fee structure?`}
        description={deleting ? deleteDescription(deleting) : ''}
        confirmLabel={t`Delete fee structure`}
        busyLabel={t`Deleting...`}
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card.Root>
  );
}
