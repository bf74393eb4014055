import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { BookOpen, Users } from 'lucide-react';
import { IconButton } from '~/components/ui/button';
import { ErrorState } from '~/components/ui/error-state';
import { EditDeleteButtons } from '~/components/ui/row-actions';
import * as Table from '~/components/ui/table';
import type { Classroom } from '../api';
import { classLabel, formatCount } from '../format';
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

const classCount = (count: number) => plural(count, { one: '# class', other: '# classes' });
/** 'Class 8' on a wide screen, 'Class 8-A' on a phone (the section column is hidden there), kept in order in Arabic. */
function GradeTitle({ grade, section }: { grade: string; section: string }) {
  return (
    <Trans>
      Class{' '}
      <bdi>
        {grade}
        <span className={tableStyles.phoneOnly}>-{section}</span>
      </bdi>
    </Trans>
  );
}
const viewStudents = (label: string) => t`View students of ${label}`;
const manageSubjects = (label: string) => t`Manage subjects of ${label}`;
const editClass = (label: string) => t`Edit class ${label}`;
const deleteClass = (label: string) => t`Delete class ${label}`;

export function ManageClassesTab(props: ManageClassesTabProps) {
  const { loading, error, classes } = props;
  const empty = !loading && !error && classes.length === 0;
  return (
    <TabCard
      title={t`Manage Classes`}
      description={t`Each class with its class teacher, students against capacity, and room.`}
    >
      {error && !loading ? (
        <ErrorState title={t`Classes could not be loaded`} description={error.message} onRetry={props.onRetry} />
      ) : empty ? (
        <NoClasses filtering={props.filtering} onAddClass={props.onAddClass} onClearFilters={props.onClearFilters} />
      ) : (
        <Table.Scroller className={tableStyles.scroller}>
          <Table.Root className={tableStyles.root} aria-busy={loading || undefined}>
            <Table.Caption className={tableStyles.srOnly}>
              {loading ? t`Loading classes...` : classCount(classes.length)}
            </Table.Caption>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">
                  <Trans>Class</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Section</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Teacher</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Students</Trans>
                </Table.Header>
                <Table.Header scope="col" data-numeric="">
                  <Trans>Capacity</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Room</Trans>
                </Table.Header>
                <Table.Header scope="col" data-numeric="">
                  <Trans>Actions</Trans>
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
                        <GradeTitle grade={c.name} section={c.section} />
                      </span>
                    </Table.Cell>
                    <Table.Cell data-label={t`Section`} data-wide-only="">
                      {c.section}
                    </Table.Cell>
                    <Table.Cell data-label={t`Teacher`}>
                      {c.teacherId ? (
                        c.teacherId.name
                      ) : (
                        <span className={tableStyles.quiet}>
                          <Trans>Not assigned</Trans>
                        </span>
                      )}
                    </Table.Cell>
                    <Table.Cell data-label={t`Students`}>
                      <CapacityBadge count={c.studentCount} capacity={c.capacity} />
                    </Table.Cell>
                    <Table.Cell data-label={t`Capacity`} data-numeric="">
                      {formatCount(c.capacity)}
                    </Table.Cell>
                    <Table.Cell data-label={t`Room`}>
                      {c.room ?? <span className={tableStyles.quiet}>—</span>}
                    </Table.Cell>
                    <Table.Cell data-actions="">
                      <div className={tableStyles.actions}>
                        <IconButton label={viewStudents(classLabel(c))} onClick={() => props.onViewStudents(c)}>
                          <Users size={16} aria-hidden="true" />
                        </IconButton>
                        <IconButton label={manageSubjects(classLabel(c))} onClick={() => props.onManageSubjects(c)}>
                          <BookOpen size={16} aria-hidden="true" />
                        </IconButton>
                        <EditDeleteButtons
                          editLabel={editClass(classLabel(c))}
                          deleteLabel={deleteClass(classLabel(c))}
                          onEdit={() => props.onEdit(c)}
                          onDelete={() => props.onDelete(c)}
                        />
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
