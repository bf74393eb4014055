import { BookPlus, BookX, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button, IconButton } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Pager } from '~/components/ui/pagination';
import * as Table from '~/components/ui/table';
import type { Subject } from '../api';
import { classLabel, pageOf, TYPE_LABELS } from '../format';
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

const subjectName = (s: Subject) => (s.classId ? `${s.name} of ${classLabel(s.classId)}` : s.name);

/** Every subject with its teacher, class and type; Edit changes it, Remove deletes it. */
export function SubjectAllocationTab(props: SubjectAllocationTabProps) {
  const { loading, subjects } = props;
  const [page, setPage] = useState(1);
  const shown = pageOf(subjects, page, PAGE_SIZE);

  let content: ReactNode;
  if (props.error && !loading) {
    content = (
      <ErrorState title="Subjects could not be loaded" description={props.error.message} onRetry={props.onRetry} />
    );
  } else if (!loading && subjects.length === 0) {
    content = props.filtering ? (
      <NoMatch what="subjects" onClearFilters={props.onClearFilters} />
    ) : (
      <EmptyState
        as="h3"
        icon={BookX}
        title="No subjects yet"
        description="Add a subject to a class and choose the teacher who teaches it."
        action={
          <Button onClick={props.onAdd}>
            <BookPlus size={16} aria-hidden="true" />
            Add New Subject
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
                <Table.Header scope="col">Teacher</Table.Header>
                <Table.Header scope="col">Subject</Table.Header>
                <Table.Header scope="col">Class</Table.Header>
                <Table.Header scope="col">Type</Table.Header>
                <Table.Header scope="col" data-numeric="">
                  Credits
                </Table.Header>
                <Table.Header scope="col" data-numeric="">
                  Actions
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {loading ? (
                <SkeletonRows columns={6} />
              ) : (
                shown.rows.map((s) => (
                  <Table.Row key={s._id}>
                    <Table.Cell data-label="Teacher">
                      {s.teacherId?.name ?? <span className={tableStyles.quiet}>Not assigned</span>}
                    </Table.Cell>
                    <Table.Cell data-primary="">
                      <span>
                        <span className={tableStyles.primary}>{s.name}</span>
                        {s.code ? <span className={tableStyles.secondary}>{s.code}</span> : null}
                      </span>
                    </Table.Cell>
                    <Table.Cell data-label="Class">
                      {s.classId ? classLabel(s.classId) : <span className={tableStyles.quiet}>No class</span>}
                    </Table.Cell>
                    <Table.Cell data-label="Type">
                      <Badge tone={TYPE_TONES[s.type]}>{TYPE_LABELS[s.type]}</Badge>
                    </Table.Cell>
                    <Table.Cell data-label="Credits" data-numeric="">
                      {s.credits}
                    </Table.Cell>
                    <Table.Cell data-actions="">
                      <div className={tableStyles.actions}>
                        <IconButton label={`Edit subject ${subjectName(s)}`} onClick={() => props.onEdit(s)}>
                          <Pencil size={16} aria-hidden="true" />
                        </IconButton>
                        <IconButton
                          label={`Remove subject ${subjectName(s)}`}
                          onClick={() => props.onRemove(s)}
                          color="danger.fg"
                        >
                          <Trash2 size={16} aria-hidden="true" />
                        </IconButton>
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
            noun="subjects"
          />
        </div>
      </>
    );
  }

  return (
    <TabCard
      title="Subject Allocation"
      description="Which teacher teaches each subject, in which class."
      action={
        <Button onClick={props.onAdd} disabled={loading}>
          <Plus size={16} aria-hidden="true" />
          Add New Subject
        </Button>
      }
    >
      {content}
    </TabCard>
  );
}
