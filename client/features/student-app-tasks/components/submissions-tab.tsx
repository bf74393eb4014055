import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { SimpleSelect } from '~/components/ui/select';
import * as Table from '~/components/ui/table';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import { classLabel } from '~/lib/class-label';
import { homeworkListQuery, rosterQuery } from '../api';
import {
  ALL,
  chosen,
  count,
  formatDue,
  formatInstant,
  HAND_IN_TONE,
  type HandInStatus,
  handInStatus,
  handInStatusLabel,
  handInStatusOptions,
} from '../format';
import { NoHomework, tabStyles } from './shared';

const styles = {
  wide: css({ gridColumn: { sm: 'span 2' } }),
  figures: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mb: '3' }),
};

/**
 * Submissions: one homework's class, each student with Submitted, Pending or Overdue and what they handed in
 * (`GET /homework/:id/submissions`, read-only for the office; reviewing is the teacher's).
 */
export function SubmissionsTab({
  homeworkId,
  onHomeworkChange,
}: {
  homeworkId: string;
  onHomeworkChange: (id: string) => void;
}) {
  const [status, setStatus] = useState<HandInStatus | undefined>();
  const recent = useQuery(homeworkListQuery({ page: 1, limit: 50 }));
  const picked = homeworkId || recent.data?.rows[0]?._id || '';
  const roster = useQuery(rosterQuery(picked));
  if (recent.isError)
    return (
      <ErrorState
        title={t`Homework could not be loaded`}
        description={recent.error.message}
        onRetry={() => void recent.refetch()}
        retrying={recent.isFetching}
      />
    );
  const options = (recent.data?.rows ?? []).map((h) => ({
    value: h._id,
    label: `${h.title} · ${classLabel(h.class)} · ${h.subject.name}`,
  }));
  // Opened from an older page of Assignments: the homework is offered even when it is not among the latest.
  const opened = roster.data?.homework;
  if (opened && !options.some((o) => o.value === opened._id))
    options.unshift({
      value: opened._id,
      label: `${opened.title} · ${classLabel(opened.class)} · ${opened.subject.name}`,
    });
  const students = (roster.data?.students ?? []).filter((s) => !status || handInStatus(s) === status);
  const tally = (wanted: HandInStatus) =>
    (roster.data?.students ?? []).filter((s) => handInStatus(s) === wanted).length;
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <Trans>Submissions</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Every student of the homework’s class: who handed in, who still may, and who is overdue</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {recent.isPending ? (
          <TableSkeleton columns={4} />
        ) : recent.data.total === 0 ? (
          <NoHomework />
        ) : (
          <>
            <div className={tabStyles.toolbar}>
              <div className={styles.wide}>
                <SimpleSelect label={t`Homework`} options={options} value={picked} onValueChange={onHomeworkChange} />
              </div>
              <SimpleSelect
                label={t`Hand-in`}
                options={handInStatusOptions()}
                value={status ?? ALL}
                onValueChange={(value) => setStatus(chosen<HandInStatus>(value))}
              />
            </div>
            {roster.isError ? (
              <ErrorState
                title={t`The hand-ins could not be loaded`}
                description={roster.error.message}
                onRetry={() => void roster.refetch()}
                retrying={roster.isFetching}
              />
            ) : roster.isPending ? (
              <TableSkeleton columns={4} />
            ) : (
              <>
                <p className={tabStyles.muted}>
                  <Trans>Due {formatDue(roster.data.homework)}</Trans>
                </p>
                <div className={styles.figures}>
                  <Badge tone="success">{t`${count(tally('submitted'))} submitted`}</Badge>
                  <Badge tone="warning">{t`${count(tally('pending'))} pending`}</Badge>
                  <Badge tone="danger">{t`${count(tally('overdue'))} overdue`}</Badge>
                </div>
                {students.length === 0 ? (
                  <EmptyState
                    as="h3"
                    icon={Users}
                    title={
                      roster.data.students.length === 0
                        ? t`No students in this class`
                        : t`No student with this hand-in status`
                    }
                    description={
                      roster.data.students.length === 0
                        ? t`Enrol students in the class from the Students screen.`
                        : t`Choose another status to see the others.`
                    }
                  />
                ) : (
                  <Table.Scroller
                    className={tabStyles.scroller}
                    tabIndex={0}
                    role="region"
                    aria-label={t`Hand-ins of ${roster.data.homework.title}`}
                  >
                    <Table.Root>
                      <Table.Caption>
                        <Trans>Students by roll number</Trans>
                      </Table.Caption>
                      <Table.Head>
                        <Table.Row>
                          <Table.Header scope="col">
                            <Trans>Student</Trans>
                          </Table.Header>
                          <Table.Header scope="col">
                            <Trans>Status</Trans>
                          </Table.Header>
                          <Table.Header scope="col">
                            <Trans>Handed in</Trans>
                          </Table.Header>
                          <Table.Header scope="col" data-numeric>
                            <Trans>Marks</Trans>
                          </Table.Header>
                        </Table.Row>
                      </Table.Head>
                      <Table.Body>
                        {students.map((student) => {
                          const work = student.submission;
                          const state = handInStatus(student);
                          const maxMarks = roster.data.homework.maxMarks;
                          return (
                            <Table.Row key={student._id}>
                              <Table.Cell>
                                <span className={tabStyles.primary}>{student.name}</span>
                                <span className={tabStyles.secondary}>{t`Roll ${student.rollNumber}`}</span>
                              </Table.Cell>
                              <Table.Cell>
                                <Badge tone={HAND_IN_TONE[state]}>{handInStatusLabel(state)}</Badge>
                              </Table.Cell>
                              <Table.Cell className={tabStyles.nowrap}>
                                {work ? (
                                  <>
                                    <time dateTime={work.submittedAt}>{formatInstant(work.submittedAt)}</time>
                                    <span className={tabStyles.secondary}>
                                      {[
                                        work.late ? t`Late` : t`On time`,
                                        student.files > 0 ? t`${count(student.files)} files` : '',
                                        work.returnedAt ? t`Returned` : '',
                                      ]
                                        .filter(Boolean)
                                        .join(' · ')}
                                    </span>
                                  </>
                                ) : (
                                  '—'
                                )}
                              </Table.Cell>
                              <Table.Cell data-numeric className={tabStyles.nowrap}>
                                {work?.marks != null && maxMarks != null
                                  ? t`${count(work.marks)} of ${count(maxMarks)}`
                                  : '—'}
                              </Table.Cell>
                            </Table.Row>
                          );
                        })}
                      </Table.Body>
                    </Table.Root>
                  </Table.Scroller>
                )}
              </>
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
