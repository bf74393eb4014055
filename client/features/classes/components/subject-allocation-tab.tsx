import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { BookPlus, BookX, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Pager } from '~/components/ui/pagination';
import { EditDeleteButtons } from '~/components/ui/row-actions';
import * as Table from '~/components/ui/table';
import { i18n } from '~/lib/i18n';
import type { Subject } from '../api';
import { classLabel, formatCount, pageOf, TYPE_LABELS } from '../format';
import { NoMatch } from './empty-states';
import { TabCard } from './tab-card';
import { SkeletonRows, tableStyles } from './table-parts';

const PAGE_SIZE = 25;

const TYPE_TONES = { core: 'brand', elective: 'info', practical: 'success' } as const;

export interface SubjectAllocationTabProps {
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  subjects: Subject[];
  filtering: boolean;
  onClearFilters: () => void;
  onAdd: () => void;
  onEdit: (subject: Subject) => void;
  onRemove: (subject: Subject) => void;
}

function subjectName(s: Subject) {
  if (!s.classId) return s.name;
  const name = s.name;
  const label = classLabel(s.classId);
  return t`${name} of ${label}`;
}
const editSubject = (name: string) => t`Edit subject ${name}`;
const removeSubject = (name: string) => t`Remove subject ${name}`;

/** Every subject with its teacher, class and type; Edit changes it, Remove deletes it. */
export function SubjectAllocationTab(props: SubjectAllocationTabProps) {
  const { loading, subjects } = props;
  const [page, setPage] = useState(1);
  const shown = pageOf(subjects, page, PAGE_SIZE);

  let content: ReactNode;
  if (props.error && !loading) {
    content = (
      <ErrorState title={t`Subjects could not be loaded`} description={props.error.message} onRetry={props.onRetry} />
    );
  } else if (!loading && subjects.length === 0) {
    content = props.filtering ? (
      <NoMatch title={t`No subjects match your search`} onClearFilters={props.onClearFilters} />
    ) : (
      <EmptyState
        as="h3"
        icon={BookX}
        title={t`No subjects yet`}
        description={t`Add a subject to a class and choose the teacher who teaches it.`}
        action={
          <Button onClick={props.onAdd}>
            <BookPlus size={16} aria-hidden="true" />
            <Trans>Add New Subject</Trans>
          </Button>
        }
      />
    );
  } else {
    content = (
      <>
        <Table.Scroller className={tableStyles.scroller}>
          <Table.Root className={tableStyles.root} aria-busy={loading || undefined}>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">
                  <Trans>Teacher</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Subject</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Class</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Type</Trans>
                </Table.Header>
                <Table.Header scope="col" data-numeric="">
                  <Trans>Credits</Trans>
                </Table.Header>
                <Table.Header scope="col" data-numeric="">
                  <Trans>Actions</Trans>
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {loading ? (
                <SkeletonRows columns={6} />
              ) : (
                shown.rows.map((s) => (
                  <Table.Row key={s._id}>
                    <Table.Cell data-label={t`Teacher`}>
                      {s.teacherId?.name ?? (
                        <span className={tableStyles.quiet}>
                          <Trans>Not assigned</Trans>
                        </span>
                      )}
                    </Table.Cell>
                    <Table.Cell data-primary="">
                      <span>
                        <span className={tableStyles.primary}>{s.name}</span>
                        {s.code ? <span className={tableStyles.secondary}>{s.code}</span> : null}
                      </span>
                    </Table.Cell>
                    <Table.Cell data-label={t`Class`}>
                      {s.classId ? (
                        classLabel(s.classId)
                      ) : (
                        <span className={tableStyles.quiet}>
                          <Trans>No class</Trans>
                        </span>
                      )}
                    </Table.Cell>
                    <Table.Cell data-label={t`Type`}>
                      <Badge tone={TYPE_TONES[s.type]}>{i18n._(TYPE_LABELS[s.type])}</Badge>
                    </Table.Cell>
                    <Table.Cell data-label={t`Credits`} data-numeric="">
                      {formatCount(s.credits)}
                    </Table.Cell>
                    <Table.Cell data-actions="">
                      <div className={tableStyles.actions}>
                        <EditDeleteButtons
                          editLabel={editSubject(subjectName(s))}
                          deleteLabel={removeSubject(subjectName(s))}
                          onEdit={() => props.onEdit(s)}
                          onDelete={() => props.onRemove(s)}
                        />
                      </div>
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Table.Scroller>
        <div className={tableStyles.pager}>
          <Pager
            page={shown.page}
            pageSize={PAGE_SIZE}
            count={subjects.length}
            onPageChange={setPage}
            noun={t`subjects`}
          />
        </div>
      </>
    );
  }

  return (
    <TabCard
      title={t`Subject Allocation`}
      description={t`Which teacher teaches each subject, in which class.`}
      action={
        <Button onClick={props.onAdd} disabled={loading}>
          <Plus size={16} aria-hidden="true" />
          <Trans>Add New Subject</Trans>
        </Button>
      }
    >
      {content}
    </TabCard>
  );
}
