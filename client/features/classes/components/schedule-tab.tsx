import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarPlus, CalendarX2, Plus, RefreshCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { Notice } from '~/components/ui/notice';
import { Pager } from '~/components/ui/pagination';
import { EditDeleteButtons } from '~/components/ui/row-actions';
import { SimpleSelect } from '~/components/ui/select';
import * as Table from '~/components/ui/table';
import { type Availability, type ScheduleSlot, WEEKDAYS } from '../api';
import { bySlot, classLabel, formatCount, formatTime, pageOf, weekdayName } from '../format';
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

function slotName(s: ScheduleSlot) {
  const label = classLabel(s.classId);
  const subject = s.subjectId?.name ?? t`subject`;
  const day = weekdayName(s.dayOfWeek);
  const time = formatTime(s.startTime);
  return t`${label} ${subject}, ${day} ${time}`;
}
const editSchedule = (name: string) => t`Edit schedule ${name}`;
const deleteSchedule = (name: string) => t`Delete schedule ${name}`;
const counted = (value: number | undefined) => (value === undefined ? '—' : formatCount(value));

function shownLine(rows: number, all: number) {
  const shown = formatCount(rows);
  const total = formatCount(all);
  return t`${shown} of ${total} schedules shown`;
}

function timetableOf(year: string, semester: string) {
  return t`The weekly timetable for ${year}, ${semester}.`;
}

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

  const counts: [string, string, string][] = [
    ['schedules', t`Schedules`, counted(props.slots.length)],
    ['classes', t`Classes`, counted(distinct((s) => s.classId._id))],
    ['teachers', t`Teachers`, counted(distinct((s) => s.teacherId._id))],
    ['available-teachers', t`Available teachers`, counted(available?.teachers.length)],
    ['available-classes', t`Available classes`, counted(available?.classes.length)],
    ['available-subjects', t`Available subjects`, counted(available?.subjects.length)],
  ];
  const reason = unavailable?.replace(/\.$/, '');

  let content: ReactNode;
  if (unavailable) {
    content = (
      <div className={styles.notice}>
        <Notice icon={TriangleAlert} tone="warning" title={t`Schedule Access Limited`}>
          <Trans>
            The timetable could not be loaded ({reason}). Classes, students, teachers and subjects can still be managed
            here.
          </Trans>
        </Notice>
        <Button variant="outline" size="sm" onClick={props.onRetry} alignSelf="flex-start">
          <RefreshCw size={16} aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  } else if (!loading && rows.length === 0) {
    content =
      props.filtering || day !== ALL_DAYS ? (
        <NoMatch
          title={t`No schedules match your search`}
          onClearFilters={() => {
            setDay(ALL_DAYS);
            props.onClearFilters();
          }}
        />
      ) : (
        <EmptyState
          as="h3"
          icon={CalendarX2}
          title={t`No schedules yet`}
          description={t`Add the first period: a teacher, one of their classes, a subject, a day and a time.`}
          action={
            <Button onClick={props.onAdd}>
              <CalendarPlus size={16} aria-hidden="true" />
              <Trans>Add Schedule</Trans>
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
                  <Trans>Class</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Subject</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Day</Trans>
                </Table.Header>
                <Table.Header scope="col">
                  <Trans>Time</Trans>
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
                shown.rows.map((s) => (
                  <Table.Row key={s._id}>
                    <Table.Cell data-primary="">
                      <span className={tableStyles.primary}>{s.teacherId.name}</span>
                    </Table.Cell>
                    <Table.Cell data-label={t`Class`}>{classLabel(s.classId)}</Table.Cell>
                    <Table.Cell data-label={t`Subject`}>
                      <span>
                        {s.subjectId?.name ?? '—'}
                        {s.subjectId?.code ? <span className={tableStyles.secondary}>{s.subjectId.code}</span> : null}
                      </span>
                    </Table.Cell>
                    <Table.Cell data-label={t`Day`}>{weekdayName(s.dayOfWeek)}</Table.Cell>
                    <Table.Cell data-label={t`Time`} className={tableStyles.nowrap}>
                      <span>
                        <time dateTime={s.startTime}>{formatTime(s.startTime)}</time>–
                        <time dateTime={s.endTime}>{formatTime(s.endTime)}</time>
                      </span>
                    </Table.Cell>
                    <Table.Cell data-label={t`Room`}>{s.room ?? '—'}</Table.Cell>
                    <Table.Cell data-actions="">
                      <div className={tableStyles.actions}>
                        <EditDeleteButtons
                          editLabel={editSchedule(slotName(s))}
                          deleteLabel={deleteSchedule(slotName(s))}
                          onEdit={() => props.onEdit(s)}
                          onDelete={() => props.onDelete(s)}
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
            count={rows.length}
            onPageChange={setPage}
            noun={t`schedules`}
          />
        </div>
      </>
    );
  }

  return (
    <TabCard
      title={t`Class Schedule`}
      description={available ? timetableOf(available.academicYear, available.semester) : t`The weekly timetable.`}
      action={
        unavailable ? null : (
          <Button onClick={props.onAdd} disabled={loading}>
            <Plus size={16} aria-hidden="true" />
            <Trans>Add Schedule</Trans>
          </Button>
        )
      }
    >
      {unavailable ? null : (
        <>
          <dl className={styles.counts}>
            {counts.map(([key, label, value]) => (
              <div key={key} className={styles.count}>
                <dt className={styles.countLabel}>{label}</dt>
                <dd className={styles.countValue} data-numeric="">
                  {loading ? '…' : value}
                </dd>
              </div>
            ))}
          </dl>
          <div className={styles.toolbar}>
            <p className={tableStyles.quiet} aria-live="polite">
              {loading ? t`Loading schedules...` : shownLine(rows.length, props.totalSlots)}
            </p>
            <SimpleSelect
              label={t`Day`}
              hideLabel
              className={styles.day}
              options={[
                { label: t`All days`, value: ALL_DAYS },
                ...WEEKDAYS.map((d) => ({ label: weekdayName(d), value: d })),
              ]}
              value={day}
              onValueChange={(value) => {
                setDay(value || ALL_DAYS);
                setPage(1);
              }}
              placeholder={t`All days`}
            />
          </div>
        </>
      )}
      {content}
    </TabCard>
  );
}
