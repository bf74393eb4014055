import { CalendarPlus, CalendarX2, Pencil, Plus, RefreshCw, Trash2, TriangleAlert } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Button, IconButton } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { Notice } from '~/components/ui/notice';
import { Pager } from '~/components/ui/pagination';
import { SimpleSelect } from '~/components/ui/select';
import * as Table from '~/components/ui/table';
import { type Availability, type ScheduleSlot, WEEKDAYS } from '../api';
import { bySlot, classLabel, pageOf } from '../format';
import { NoMatch } from './empty-states';
import { TabCard } from './tab-card';
import { SkeletonRows, tableStyles } from './table-parts';

const PAGE_SIZE = 25;
const ALL_DAYS = 'all';

const styles = {
  counts: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
    gap: '3',
    px: '5',
    py: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  count: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  countLabel: css({ fontSize: 'xs', color: 'fg.muted' }),
  countValue: css({ fontSize: 'xl', fontWeight: 'semibold', lineHeight: '1.2' }),
  toolbar: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    px: '5',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  day: css({ w: { base: 'full', sm: '48' } }),
  notice: css({ display: 'flex', flexDirection: 'column', gap: '3', m: '5' }),
};

export interface ScheduleTabProps {
  loading: boolean;
  /** Why the timetable could not be loaded; the tab then says so and offers no Add button. */
  unavailable: string | null;
  onRetry: () => void;
  slots: ScheduleSlot[];
  totalSlots: number;
  available: Availability | undefined;
  filtering: boolean;
  onClearFilters: () => void;
  onAdd: () => void;
  onEdit: (slot: ScheduleSlot) => void;
  onDelete: (slot: ScheduleSlot) => void;
}

const slotName = (s: ScheduleSlot) =>
  `${classLabel(s.classId)} ${s.subjectId?.name ?? 'subject'}, ${s.dayOfWeek} ${s.startTime}`;

export function ScheduleTab(props: ScheduleTabProps) {
  const { loading, unavailable, available } = props;
  const [day, setDay] = useState(ALL_DAYS);
  const [page, setPage] = useState(1);
  const rows = useMemo(
    () => props.slots.filter((s) => day === ALL_DAYS || s.dayOfWeek === day).sort(bySlot),
    [props.slots, day],
  );
  const shown = pageOf(rows, page, PAGE_SIZE);
  const distinct = (key: (s: ScheduleSlot) => string) => new Set(props.slots.map(key)).size;

  const counts: [string, number | string][] = [
    ['Schedules', props.slots.length],
    ['Classes', distinct((s) => s.classId._id)],
    ['Teachers', distinct((s) => s.teacherId._id)],
    ['Available teachers', available?.teachers.length ?? '—'],
    ['Available classes', available?.classes.length ?? '—'],
    ['Available subjects', available?.subjects.length ?? '—'],
  ];

  let content: ReactNode;
  if (unavailable) {
    content = (
      <div className={styles.notice}>
        <Notice icon={TriangleAlert} tone="warning" title="Schedule Access Limited">
          The timetable could not be loaded ({unavailable.replace(/\.$/, '')}). Classes, students, teachers and subjects
          can still be managed here.
        </Notice>
        <Button variant="outline" size="sm" onClick={props.onRetry} alignSelf="flex-start">
          <RefreshCw size={16} aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  } else if (!loading && rows.length === 0) {
    content =
      props.filtering || day !== ALL_DAYS ? (
        <NoMatch
          what="schedules"
          onClearFilters={() => {
            setDay(ALL_DAYS);
            props.onClearFilters();
          }}
        />
      ) : (
        <EmptyState
          as="h3"
          icon={CalendarX2}
          title="No schedules yet"
          description="Add the first period: a teacher, one of their classes, a subject, a day and a time."
          action={
            <Button onClick={props.onAdd}>
              <CalendarPlus size={16} aria-hidden="true" />
              Add Schedule
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
                <Table.Header scope="col">Class</Table.Header>
                <Table.Header scope="col">Subject</Table.Header>
                <Table.Header scope="col">Day</Table.Header>
                <Table.Header scope="col">Time</Table.Header>
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
                shown.rows.map((s) => (
                  <Table.Row key={s._id}>
                    <Table.Cell data-primary="">
                      <span className={tableStyles.primary}>{s.teacherId.name}</span>
                    </Table.Cell>
                    <Table.Cell data-label="Class">{classLabel(s.classId)}</Table.Cell>
                    <Table.Cell data-label="Subject">
                      <span>
                        {s.subjectId?.name ?? '—'}
                        {s.subjectId?.code ? <span className={tableStyles.secondary}>{s.subjectId.code}</span> : null}
                      </span>
                    </Table.Cell>
                    <Table.Cell data-label="Day">{s.dayOfWeek}</Table.Cell>
                    <Table.Cell data-label="Time" className={tableStyles.nowrap}>
                      <span>
                        <time>{s.startTime}</time>–<time>{s.endTime}</time>
                      </span>
                    </Table.Cell>
                    <Table.Cell data-label="Room">{s.room ?? '—'}</Table.Cell>
                    <Table.Cell data-actions="">
                      <div className={tableStyles.actions}>
                        <IconButton label={`Edit schedule ${slotName(s)}`} onClick={() => props.onEdit(s)}>
                          <Pencil size={16} aria-hidden="true" />
                        </IconButton>
                        <IconButton
                          label={`Delete schedule ${slotName(s)}`}
                          onClick={() => props.onDelete(s)}
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
          <Pager page={shown.page} pageSize={PAGE_SIZE} count={rows.length} onPageChange={setPage} noun="schedules" />
        </div>
      </>
    );
  }

  return (
    <TabCard
      title="Class Schedule"
      description={
        available
          ? `The weekly timetable for ${available.academicYear}, ${available.semester}.`
          : 'The weekly timetable.'
      }
      action={
        unavailable ? null : (
          <Button onClick={props.onAdd} disabled={loading}>
            <Plus size={16} aria-hidden="true" />
            Add Schedule
          </Button>
        )
      }
    >
      {unavailable ? null : (
        <>
          <dl className={styles.counts}>
            {counts.map(([label, value]) => (
              <div key={label} className={styles.count}>
                <dt className={styles.countLabel}>{label}</dt>
                <dd className={styles.countValue} data-numeric="">
                  {loading ? '…' : value}
                </dd>
              </div>
            ))}
          </dl>
          <div className={styles.toolbar}>
            <p className={tableStyles.quiet} aria-live="polite">
              {loading ? 'Loading schedules...' : `${rows.length} of ${props.totalSlots} schedules shown`}
            </p>
            <SimpleSelect
              label="Day"
              hideLabel
              className={styles.day}
              options={[{ label: 'All days', value: ALL_DAYS }, ...WEEKDAYS.map((d) => ({ label: d, value: d }))]}
              value={day}
              onValueChange={(value) => {
                setDay(value || ALL_DAYS);
                setPage(1);
              }}
              placeholder="All days"
            />
          </div>
        </>
      )}
      {content}
    </TabCard>
  );
}
