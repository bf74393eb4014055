import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { UserRoundX } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Badge } from '~/components/ui/badge';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Pager } from '~/components/ui/pagination';
import * as Table from '~/components/ui/table';
import type { Classroom, Subject, Teacher } from '../api';
import { byClass, classLabel, pageOf, type ScreenFilters } from '../format';
import { NoMatch } from './empty-states';
import { TabCard } from './tab-card';
import { SkeletonRows, tableStyles } from './table-parts';

const PAGE_SIZE = 20;

const styles = {
  subjects: css({ display: 'flex', flexDirection: 'column', gap: '0.5', fontSize: 'sm', textAlign: 'inherit' }),
};

/** 'English' taught in five classes reads as one line: English · 6-A, 6-B, 7-A, 7-B, 8-A. */
function groupByName(subjects: Subject[]) {
  const groups = new Map<string, string[]>();
  for (const s of subjects) {
    const where = groups.get(s.name) ?? [];
    if (s.classId) where.push(classLabel(s.classId));
    groups.set(s.name, where);
  }
  return [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

export interface TeacherAssignmentsTabProps {
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  teachers: Teacher[];
  classes: Classroom[];
  subjects: Subject[];
  filters: ScreenFilters;
  onClearFilters: () => void;
}

interface Row {
  teacher: Teacher;
  classes: Classroom[];
  subjects: Subject[];
}

/** Who teaches what: class-teacher duties and the subjects each teacher leads. */
export function TeacherAssignmentsTab(props: TeacherAssignmentsTabProps) {
  const { loading, filters } = props;
  const [page, setPage] = useState(1);

  const rows = useMemo(() => {
    const all: Row[] = props.teachers
      .map((teacher) => ({
        teacher,
        classes: props.classes.filter((c) => c.teacherId?._id === teacher._id).sort(byClass),
        subjects: props.subjects
          .filter((s) => s.teacherId?._id === teacher._id)
          .sort((a, b) => (a.classId && b.classId ? byClass(a.classId, b.classId) : 0) || a.name.localeCompare(b.name)),
      }))
      .sort((a, b) => a.teacher.name.localeCompare(b.teacher.name));
    const term = filters.search.trim().toLowerCase();
    return all.filter(({ teacher, classes, subjects }) => {
      const inGrade =
        !filters.grade ||
        classes.some((c) => c.name === filters.grade) ||
        subjects.some((s) => s.classId?.name === filters.grade);
      if (!inGrade) return false;
      if (!term) return true;
      return [
        teacher.name,
        teacher.email,
        teacher.department ?? '',
        teacher.designation ?? '',
        ...classes.map(classLabel),
        ...subjects.map((s) => s.name),
      ].some((text) => text.toLowerCase().includes(term));
    });
  }, [props.teachers, props.classes, props.subjects, filters]);

  const shown = pageOf(rows, page, PAGE_SIZE);
  const filtering = filters.search.trim() !== '' || filters.grade !== '';

  let content: ReactNode;
  if (props.error && !loading) {
    content = (
      <ErrorState title={t`Teachers could not be loaded`} description={props.error.message} onRetry={props.onRetry} />
    );
  } else if (!loading && rows.length === 0) {
    content = filtering ? (
      <NoMatch title={t`No teachers match your search`} onClearFilters={props.onClearFilters} />
    ) : (
      <EmptyState
        as="h3"
        icon={UserRoundX}
        title={t`No teachers found`}
        description={t`Teachers are added in Employee Management, New Recruitment.`}
        action={
          <Link to="/employees" className={button({ variant: 'outline' })}>
            <Trans>Go to Employee Management</Trans>
          </Link>
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
                  <Trans>Department</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Designation</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Assigned Classes</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Assigned Subjects</Trans>
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {loading ? (
                <SkeletonRows columns={5} />
              ) : (
                shown.rows.map(({ teacher, classes, subjects }) => (
                  <Table.Row key={teacher._id}>
                    <Table.Cell data-primary="">
                      <span>
                        <span className={tableStyles.primary}>{teacher.name}</span>
                        <span className={tableStyles.secondary}>{teacher.email}</span>
                      </span>
                    </Table.Cell>
                    <Table.Cell data-label={t`Department`}>{teacher.department ?? '—'}</Table.Cell>
                    <Table.Cell data-label={t`Designation`}>{teacher.designation ?? '—'}</Table.Cell>
                    <Table.Cell data-label={t`Classes`}>
                      {classes.length === 0 ? (
                        <span className={tableStyles.quiet}>
                          <Trans>No classes assigned</Trans>
                        </span>
                      ) : (
                        <span className={tableStyles.chips}>
                          {classes.map((c) => (
                            <Badge key={c._id} tone="brand">
                              {classLabel(c)}
                            </Badge>
                          ))}
                        </span>
                      )}
                    </Table.Cell>
                    <Table.Cell data-label={t`Subjects`}>
                      {subjects.length === 0 ? (
                        <span className={tableStyles.quiet}>
                          <Trans>No subjects assigned</Trans>
                        </span>
                      ) : (
                        <ul className={styles.subjects}>
                          {groupByName(subjects).map(([name, where]) => (
                            <li key={name}>
                              <span className={tableStyles.primary}>{name}</span>
                              {where.length ? <span className={tableStyles.quiet}> · {where.join(', ')}</span> : null}
                            </li>
                          ))}
                        </ul>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Table.Scroller>
        <div className={tableStyles.pager}>
          <Pager page={shown.page} pageSize={PAGE_SIZE} count={rows.length} onPageChange={setPage} noun={t`teachers`} />
        </div>
      </>
    );
  }

  return (
    <TabCard
      title={t`Teacher Assignments`}
      description={t`Class teachers and the subjects each teacher leads, with their department and designation.`}
    >
      {content}
    </TabCard>
  );
}
