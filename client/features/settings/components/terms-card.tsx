import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarRange, Plus } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { EditDeleteButtons } from '~/components/ui/row-actions';
import { Skeleton } from '~/components/ui/skeleton';
import * as Table from '~/components/ui/table';
import { isolate } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { schoolInfoQuery } from '../api';
import { academicYearRange, formatDay } from '../format';
import { type Term, termsQuery, useDeleteTerm } from '../grading-api';
import { TermDialog } from './term-dialog';

const styles = {
  header: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'flex-start' },
    justifyContent: 'space-between',
    gap: '3',
  }),
  headerText: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  name: css({ fontWeight: 'medium' }),
  actions: css({ textAlign: 'end', whiteSpace: 'nowrap', '& > * + *': { marginInlineStart: '1' } }),
  muted: css({ fontSize: 'sm', color: 'fg.muted', mt: '3' }),
  skeletons: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
};

/** Settings' terms: the academic year's dated parts, added, changed and deleted by the office. */
export function TermsCard() {
  const terms = useQuery(termsQuery());
  const info = useQuery(schoolInfoQuery());
  const remove = useDeleteTerm();
  const [editing, setEditing] = useState<Term | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Term | null>(null);

  const range = info.data ? academicYearRange(info.data.academicYear, info.data.yearStartMonth) : null;
  // Isolated: inside Arabic a year such as 2026-2027 would otherwise read backwards.
  const year = range && info.data ? { name: isolate(info.data.academicYear), ...range } : null;
  const all = terms.data ?? [];
  const shown = year ? all.filter((x) => x.endDate >= year.start && x.startDate <= year.end) : all;
  const elsewhere = all.length - shown.length;

  const confirmDelete = () => {
    if (!deleting) return;
    const name = isolate(deleting.name);
    remove.mutate(deleting._id, {
      onSuccess: () => {
        toast.success(t`Term ${name} deleted`);
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(t`Failed to delete term`, { description: error.message });
        setDeleting(null);
      },
    });
  };

  return (
    <Card.Root aria-labelledby="terms-title">
      <Card.Header className={styles.header}>
        <div className={styles.headerText}>
          <Card.Title id="terms-title">
            <Trans>Terms</Trans>
          </Card.Title>
          <Card.Description>
            {year
              ? t`The dated parts of ${year.name}. Every assessment belongs to a term.`
              : t`The dated parts of the academic year. Every assessment belongs to a term.`}
          </Card.Description>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus size={16} aria-hidden="true" />
          <Trans>Add term</Trans>
        </Button>
      </Card.Header>
      <Card.Body>
        {terms.isPending ? (
          <div className={styles.skeletons} aria-busy="true">
            <Skeleton h="10" />
            <Skeleton h="10" />
          </div>
        ) : terms.isError ? (
          <ErrorState
            title={t`Terms could not be loaded`}
            description={terms.error.message}
            onRetry={() => void terms.refetch()}
            retrying={terms.isFetching}
          />
        ) : shown.length === 0 ? (
          <EmptyState
            as="h3"
            icon={CalendarRange}
            title={t`No terms yet`}
            description={t`Add the year's terms, such as Term 1 and Term 2, before teachers create assessments.`}
          />
        ) : (
          <Table.Scroller tabIndex={0} role="region" aria-label={t`Terms list`}>
            <Table.Root>
              <Table.Caption>
                <Trans>Terms of the academic year, in date order</Trans>
              </Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">
                    <Trans>Name</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Starts</Trans>
                  </Table.Header>
                  <Table.Header scope="col">
                    <Trans>Ends</Trans>
                  </Table.Header>
                  <Table.Header scope="col" data-numeric>
                    <span className={css({ srOnly: true })}>
                      <Trans>Actions</Trans>
                    </span>
                  </Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {shown.map((term) => (
                  <Table.Row key={term._id} data-testid="term-row">
                    <Table.Cell className={styles.name}>{term.name}</Table.Cell>
                    <Table.Cell>
                      <time dateTime={term.startDate}>{formatDay(term.startDate)}</time>
                    </Table.Cell>
                    <Table.Cell>
                      <time dateTime={term.endDate}>{formatDay(term.endDate)}</time>
                    </Table.Cell>
                    <Table.Cell className={styles.actions}>
                      <EditDeleteButtons
                        editLabel={t`Edit ${term.name}`}
                        deleteLabel={t`Delete ${term.name}`}
                        onEdit={() => setEditing(term)}
                        onDelete={() => setDeleting(term)}
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.Scroller>
        )}
        {elsewhere > 0 ? (
          <p className={styles.muted}>
            {plural(elsewhere, {
              one: '# term of another academic year is kept but not shown.',
              other: '# terms of other academic years are kept but not shown.',
            })}
          </p>
        ) : null}
      </Card.Body>
      {editing ? (
        <TermDialog
          key={editing === 'new' ? 'new' : editing._id}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          term={editing === 'new' ? null : editing}
          year={year}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={t`Delete this term?`}
        description={
          deleting
            ? t`${deleting.name} is removed. A term that already has assessments cannot be deleted: move or delete them first.`
            : ''
        }
        confirmLabel={t`Delete term`}
        busyLabel={t`Deleting...`}
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card.Root>
  );
}
