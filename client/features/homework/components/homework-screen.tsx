import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, NotebookPen, Plus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { lazyPart } from '~/components/ui/lazy-part';
import { mirrorInRtl } from '~/components/ui/mirror';
import { Pager } from '~/components/ui/pagination';
import { Skeleton } from '~/components/ui/skeleton';
import { MarksPickers, type MarksSource, useMarkChoices } from '~/features/grades';
import { schoolToday } from '~/lib/school-time';
import { type Homework, type HomeworkRow, homeworkListQuery, PAGE_SIZE, useLiveHomework } from '../api';
import { formatDue, homeworkStatus } from '../format';
import type { HomeworkSearch } from '../search';

// The open homework and the dialog are parts the list does not need to draw: their code loads after it.
const HomeworkDetail = lazyPart(
  () => import('./homework-detail').then((m) => m.HomeworkDetail),
  () => true,
);
const HomeworkDialog = lazyPart(() => import('./homework-dialog').then((m) => m.HomeworkDialog));

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '4', pb: '6' }),
  setButton: css({ alignSelf: 'end', justifySelf: { base: 'stretch', md: 'end' } }),
  listHead: css({
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    pb: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  item: css({ borderTopWidth: '1px', borderColor: 'border', _first: { borderTopWidth: '0' } }),
  open: css({
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: '3',
    w: 'full',
    px: { base: '3', md: '5' },
    py: '3',
    textAlign: 'start',
    cursor: 'pointer',
    _hover: { bg: 'muted/50' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
  }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  titleLine: css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '2' }),
  title: css({ fontWeight: 'medium', overflowWrap: 'anywhere' }),
  meta: css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', rowGap: '0.5', fontSize: 'sm', color: 'fg.muted' }),
  late: css({ color: 'warning.fg' }),
  chevron: css({ color: 'fg.muted' }),
  skeletons: css({ display: 'flex', flexDirection: 'column', gap: '3', p: '5' }),
  pager: css({ px: { base: '3', md: '5' }, pb: '4' }),
};

export interface HomeworkScreenProps {
  source: Extract<MarksSource, { audience: 'teacher' }>;
  /** The school's zone: due times are its clock. */
  timeZone?: string | null;
  search: HomeworkSearch;
  onSearchChange: (next: HomeworkSearch) => void;
}

/**
 * The teacher's homework, phone first: class and subject (as on the marks page), their homework newest due first
 * with its hand-ins, "Set homework"; one homework opens with the class's work to review.
 */
export function HomeworkScreen({ source, timeZone, search, onSearchChange }: HomeworkScreenProps) {
  const { classId, subjectId, homeworkId } = search;
  const page = search.page ?? 1;
  const choices = useMarkChoices(source, classId);
  useLiveHomework();
  const list = useQuery({
    ...homeworkListQuery(classId ?? '', subjectId ?? '', page),
    enabled: Boolean(classId && subjectId),
  });
  const [editing, setEditing] = useState<{ homework: Homework | null } | null>(null);
  const pick = useCallback(
    (next: { classId?: string; subjectId?: string }) =>
      onSearchChange({ classId: next.classId, subjectId: next.subjectId }),
    [onSearchChange],
  );

  // A class with a single subject of this teacher's needs no second choice.
  const { subjects } = choices;
  const onlySubject = subjects.length === 1 ? subjects[0].value : undefined;
  useEffect(() => {
    if (classId && !subjectId && onlySubject) onSearchChange({ classId, subjectId: onlySubject });
  }, [classId, subjectId, onlySubject, onSearchChange]);

  const open = (id: string) => onSearchChange({ classId, subjectId, page: search.page, homeworkId: id });
  const today = schoolToday(timeZone);

  let content = null;
  if (homeworkId)
    content = (
      <HomeworkDetail
        key={homeworkId}
        id={homeworkId}
        timeZone={timeZone}
        onBack={() => onSearchChange({ classId, subjectId, page: search.page })}
        onEdit={(homework) => setEditing({ homework })}
        onDeleted={() => onSearchChange({ classId, subjectId })}
      />
    );
  else if (!classId || !subjectId) content = null;
  else if (list.isPending)
    content = (
      <Card.Root aria-busy="true">
        <div className={styles.skeletons}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="16" />
          ))}
        </div>
      </Card.Root>
    );
  else if (list.isError)
    content = (
      <Card.Root>
        <ErrorState
          as="h2"
          title={t`Homework could not be loaded`}
          description={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </Card.Root>
    );
  else if (list.data.data.length === 0)
    content = (
      <Card.Root>
        <EmptyState
          icon={NotebookPen}
          title={t`No homework yet`}
          description={t`Homework you set for this class's subject appears here, newest due first.`}
          action={
            <Button onClick={() => setEditing({ homework: null })}>
              <Plus size={16} aria-hidden="true" />
              <Trans>Set homework</Trans>
            </Button>
          }
        />
      </Card.Root>
    );
  else {
    const total = list.data.total ?? list.data.data.length;
    content = (
      <Card.Root aria-labelledby="homework-list-title">
        <Card.Header className={styles.listHead}>
          <Card.Title id="homework-list-title">
            <Trans>Homework ({total})</Trans>
          </Card.Title>
        </Card.Header>
        <ul className={styles.list}>
          {list.data.data.map((row) => (
            <HomeworkItem key={row._id} row={row} timeZone={timeZone} onOpen={() => open(row._id)} />
          ))}
        </ul>
        <div className={styles.pager}>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            count={total}
            onPageChange={(next) => onSearchChange({ classId, subjectId, page: next > 1 ? next : undefined })}
          />
        </div>
      </Card.Root>
    );
  }

  return (
    <div className={styles.root}>
      <Card.Root aria-labelledby="homework-choice-title">
        <Card.Header>
          <Card.Title id="homework-choice-title">
            <Trans>Class and subject</Trans>
          </Card.Title>
        </Card.Header>
        <Card.Body>
          <MarksPickers
            choices={choices}
            office={false}
            search={search}
            onSearchChange={pick}
            end={
              <Button className={styles.setButton} disabled={!subjectId} onClick={() => setEditing({ homework: null })}>
                <Plus size={16} aria-hidden="true" />
                <Trans>Set homework</Trans>
              </Button>
            }
          />
        </Card.Body>
      </Card.Root>

      {content}

      {editing && classId && subjectId ? (
        <HomeworkDialog
          key={editing.homework?._id ?? 'new'}
          open
          onOpenChange={(next) => !next && setEditing(null)}
          classId={classId}
          subjectId={subjectId}
          homework={editing.homework}
          today={today}
          onSaved={(id) => {
            setEditing(null);
            if (id !== homeworkId) open(id);
          }}
        />
      ) : null}
    </div>
  );
}

function HomeworkItem({
  row,
  timeZone,
  onOpen,
}: {
  row: HomeworkRow;
  timeZone: string | null | undefined;
  onOpen: () => void;
}) {
  const status = homeworkStatus(row.status);
  const { students, submitted, late } = row.counts;
  const due = formatDue(row.dueAt, timeZone);
  return (
    <li className={styles.item} data-testid="homework-row">
      <button type="button" className={styles.open} onClick={onOpen}>
        <span className={styles.text}>
          <span className={styles.titleLine}>
            <span className={styles.title}>{row.title}</span>
            <Badge tone={status.tone} size="sm">
              {status.label}
            </Badge>
          </span>
          <span className={styles.meta}>
            <span>{t`Due ${due}`}</span>
            <span>{t`${submitted} of ${students} handed in`}</span>
            {late > 0 ? <span className={styles.late}>{plural(late, { one: '# late', other: '# late' })}</span> : null}
            {row.maxMarks != null ? <span>{t`Out of ${row.maxMarks}`}</span> : null}
          </span>
        </span>
        <ChevronRight size={18} aria-hidden="true" className={`${styles.chevron} ${mirrorInRtl}`} />
      </button>
    </li>
  );
}
