import { BookOpen, Pencil, Trash2, Users } from 'lucide-react';
import { IconButton } from '~/components/ui/button';
import { ErrorState } from '~/components/ui/error-state';
import * as Table from '~/components/ui/table';
import type { Classroom } from '../api';
import { classLabel } from '../format';
import { CapacityBadge } from './capacity-badge';
import { NoClasses } from './empty-states';
import { TabCard } from './tab-card';
import { SkeletonRows, tableStyles } from './table-parts';

export interface ManageClassesTabProps {
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  classes: Classroom[];
  filtering: boolean;
  onAddClass: () => void;
  onClearFilters: () => void;
  onViewStudents: (klass: Classroom) => void;
  onManageSubjects: (klass: Classroom) => void;
  onEdit: (klass: Classroom) => void;
  onDelete: (klass: Classroom) => void;
}

export function ManageClassesTab(props: ManageClassesTabProps) {
  const { loading, error, classes } = props;
  const empty = !loading && !error && classes.length === 0;
  return (
    <TabCard
      title="Manage Classes"
      description="Each class with its class teacher, students against capacity, and room."
    >
      {error && !loading ? (
        <ErrorState title="Classes could not be loaded" description={error.message} onRetry={props.onRetry} />
      ) : empty ? (
        <NoClasses filtering={props.filtering} onAddClass={props.onAddClass} onClearFilters={props.onClearFilters} />
      ) : (
        <Table.Scroller className={tableStyles.scroller}>
          <Table.Root className={tableStyles.root} aria-busy={loading || undefined}>
            <Table.Caption className={tableStyles.srOnly}>
              {loading ? 'Loading classes...' : `${classes.length} class(es)`}
            </Table.Caption>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">Class</Table.Header>
                <Table.Header scope="col">Section</Table.Header>
                <Table.Header scope="col">Teacher</Table.Header>
                <Table.Header scope="col">Students</Table.Header>
                <Table.Header scope="col" data-numeric="">
                  Capacity
                </Table.Header>
                <Table.Header scope="col">Room</Table.Header>
                <Table.Header scope="col" data-numeric="">
                  Actions
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {loading ? (
                <SkeletonRows columns={7} />
              ) : (
                classes.map((c) => (
                  <Table.Row key={c._id}>
                    <Table.Cell data-primary="">
                      <span className={tableStyles.primary}>
                        Class {c.name}
                        <span className={tableStyles.phoneOnly}>-{c.section}</span>
                      </span>
                    </Table.Cell>
                    <Table.Cell data-label="Section" data-wide-only="">
                      {c.section}
                    </Table.Cell>
                    <Table.Cell data-label="Teacher">
                      {c.teacherId ? c.teacherId.name : <span className={tableStyles.quiet}>Not assigned</span>}
                    </Table.Cell>
                    <Table.Cell data-label="Students">
                      <CapacityBadge count={c.studentCount} capacity={c.capacity} />
                    </Table.Cell>
                    <Table.Cell data-label="Capacity" data-numeric="">
                      {c.capacity}
                    </Table.Cell>
                    <Table.Cell data-label="Room">{c.room ?? <span className={tableStyles.quiet}>—</span>}</Table.Cell>
                    <Table.Cell data-actions="">
                      <div className={tableStyles.actions}>
                        <IconButton label={`View students of ${classLabel(c)}`} onClick={() => props.onViewStudents(c)}>
                          <Users size={16} aria-hidden="true" />
                        </IconButton>
                        <IconButton
                          label={`Manage subjects of ${classLabel(c)}`}
                          onClick={() => props.onManageSubjects(c)}
                        >
                          <BookOpen size={16} aria-hidden="true" />
                        </IconButton>
                        <IconButton label={`Edit class ${classLabel(c)}`} onClick={() => props.onEdit(c)}>
                          <Pencil size={16} aria-hidden="true" />
                        </IconButton>
                        <IconButton
                          label={`Delete class ${classLabel(c)}`}
                          onClick={() => props.onDelete(c)}
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
      )}
    </TabCard>
  );
}
