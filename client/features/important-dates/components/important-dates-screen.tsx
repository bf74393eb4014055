import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarX2, LayoutGrid, Plus } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { lazyPart } from '~/components/ui/lazy-part';
import { PageHeader } from '~/components/ui/page-header';
import { Skeleton } from '~/components/ui/skeleton';
import * as Tabs from '~/components/ui/tabs';
import { portalTimeZone, schoolClock } from '~/lib/school-time';
import { toast } from '~/lib/toast';
import {
  classOptionsQuery,
  IMPORTANT_DATE_PRIORITIES,
  IMPORTANT_DATE_TYPES,
  type ImportantDate,
  monthQuery,
  useLiveImportantDates,
} from '../api';
import { dateCount, formatFullDate, formatMonth, localToday } from '../format';
import { DateCard } from './date-card';
import type { FormMode } from './date-form-dialog';
import { ALL, type Filters, FiltersBar, yearChoices } from './filters-bar';
import { MonthCalendar } from './month-calendar';

// Opened on a click: their code loads once the screen has drawn.
const DeleteDateDialog = lazyPart(
  () => import('./delete-date-dialog').then((m) => m.DeleteDateDialog),
  (p) => p.item !== null,
);
const DateFormDialog = lazyPart(
  () => import('./date-form-dialog').then((m) => m.DateFormDialog),
  (p) => p.mode.kind !== 'closed',
);

const styles = {
  filters: css({ mb: '5' }),
  bar: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
  }),
  count: css({ fontSize: 'sm', color: 'fg.muted' }),
  tabsRoot: css({ gap: '4' }),
  tabsList: css({ borderBottomWidth: '0', bg: 'muted', p: '1', borderRadius: 'control', gap: '1' }),
  tab: css({ h: { base: '10', lg: '8' }, px: '3', _selected: { bg: 'surface', color: 'fg', boxShadow: 'card' } }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: {
      base: 'minmax(0, 1fr)',
      md: 'repeat(2, minmax(0, 1fr))',
      '2xl': 'repeat(3, minmax(0, 1fr))',
    },
    gap: '4',
  }),
  day: css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '5' }),
  dayHeader: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
  }),
  dayTitle: css({ fontSize: 'md', fontWeight: 'semibold' }),
  quiet: css({ color: 'fg.muted' }),
};

type View = 'list' | 'calendar';

function initialFilters(): Filters {
  const now = schoolClock(portalTimeZone());
  return { month: now.month, year: now.year, type: ALL, priority: ALL, classId: ALL, search: '' };
}

const orUndefined = (value: string) => (value === ALL ? undefined : value);

/** /important-dates: the school calendar as cards or as a month grid, with its filters and the add/edit modal. */
export function ImportantDatesScreen() {
  const [currentYear] = useState(() => schoolClock(portalTimeZone()).year);
  const [today] = useState(localToday);
  const [filters, setFilters] = useState(initialFilters);
  const [view, setView] = useState<View>('list');
  const [selectedDay, setSelectedDay] = useState<string | null>(null);
  const [formMode, setFormMode] = useState<FormMode>({ kind: 'closed' });
  const [deleting, setDeleting] = useState<ImportantDate | null>(null);
  useLiveImportantDates();

  const dates = useQuery({
    ...monthQuery({
      year: filters.year,
      month: filters.month,
      classId: orUndefined(filters.classId),
      // The selects offer only these values; anything else ('' for all) filters nothing.
      type: IMPORTANT_DATE_TYPES.find((type) => type === filters.type),
      priority: IMPORTANT_DATE_PRIORITIES.find((priority) => priority === filters.priority),
    }),
    placeholderData: keepPreviousData,
  });
  const classes = useQuery(classOptionsQuery());

  useEffect(() => {
    if (dates.isError) toast.error(t`Failed to load important dates`, { description: dates.error.message });
  }, [dates.isError, dates.error]);
  useEffect(() => {
    // The spec asks for the class list failure to be logged only.
    if (classes.isError) console.error('Failed to fetch classes', classes.error);
  }, [classes.isError, classes.error]);

  const visible = useMemo(() => {
    const term = filters.search.trim().toLowerCase();
    const all = dates.data ?? [];
    return term ? all.filter((item) => item.title.toLowerCase().includes(term)) : all;
  }, [dates.data, filters.search]);

  const years = yearChoices(currentYear);
  const changeMonth = (delta: number) => {
    const index = filters.year * 12 + (filters.month - 1) + delta;
    const year = Math.floor(index / 12);
    if (!years.includes(year)) return;
    setFilters({ ...filters, year, month: (index % 12) + 1 });
    setSelectedDay(null);
  };
  const canMove = (delta: number) => years.includes(Math.floor((filters.year * 12 + filters.month - 1 + delta) / 12));

  const openCreate = (date?: string) => setFormMode({ kind: 'create', date });
  const openEdit = (item: ImportantDate) => setFormMode({ kind: 'edit', item });

  const onSaved = (saved: ImportantDate) => {
    setFormMode({ kind: 'closed' });
    // Show the saved date: move the month filter to it when it lies elsewhere.
    const year = Number(saved.date.slice(0, 4));
    const month = Number(saved.date.slice(5, 7));
    if ((year !== filters.year || month !== filters.month) && years.includes(year)) {
      setFilters((current) => ({ ...current, year, month }));
    }
    if (view === 'calendar') setSelectedDay(saved.date);
  };

  const monthLabel = formatMonth(filters.year, filters.month);
  const dayItems = selectedDay ? visible.filter((item) => item.date === selectedDay) : [];

  const cards = (items: ImportantDate[]) => (
    <ul className={styles.grid} aria-label={t`Important dates`}>
      {items.map((item) => (
        <li key={item._id}>
          <DateCard item={item} onEdit={openEdit} onDelete={setDeleting} />
        </li>
      ))}
    </ul>
  );

  let listContent: ReactNode;
  if (dates.isPending) {
    listContent = (
      <div className={styles.grid} aria-busy="true">
        <span className={css({ srOnly: true })}>
          <Trans>Loading important dates...</Trans>
        </span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="52" borderRadius="card" />
        ))}
      </div>
    );
  } else if (dates.isError && !dates.data) {
    listContent = (
      <Card.Root>
        <ErrorState
          as="h2"
          title={t`Important dates could not be loaded`}
          description={dates.error.message}
          onRetry={() => void dates.refetch()}
          retrying={dates.isFetching}
        />
      </Card.Root>
    );
  } else if (visible.length === 0) {
    listContent = (
      <Card.Root>
        <EmptyState
          icon={CalendarX2}
          title={t`No Important Dates`}
          description={t`No important dates found for the selected criteria.`}
          action={
            <Button onClick={() => openCreate()}>
              <Plus size={16} aria-hidden="true" />
              <Trans>Add First Date</Trans>
            </Button>
          }
        />
      </Card.Root>
    );
  } else {
    listContent = cards(visible);
  }

  return (
    <>
      <PageHeader
        title={t`Important Dates`}
        description={t`Manage school events, holidays, exams, and important deadlines`}
        actions={
          <Button onClick={() => openCreate()}>
            <Plus size={16} aria-hidden="true" />
            <Trans>Add Date</Trans>
          </Button>
        }
      />

      <Card.Root className={styles.filters}>
        <Card.Body>
          <FiltersBar value={filters} onChange={setFilters} classes={classes.data ?? []} currentYear={currentYear} />
        </Card.Body>
      </Card.Root>

      <Tabs.Root
        value={view}
        onValueChange={(details) => setView(details.value as View)}
        className={styles.tabsRoot}
        lazyMount
      >
        <div className={styles.bar}>
          <Tabs.List className={styles.tabsList} aria-label={t`View`}>
            <Tabs.Trigger value="list" className={styles.tab}>
              <LayoutGrid size={16} aria-hidden="true" />
              <Trans>Cards</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger value="calendar" className={styles.tab}>
              <CalendarDays size={16} aria-hidden="true" />
              <Trans>Month</Trans>
            </Tabs.Trigger>
          </Tabs.List>
          <p className={styles.count} aria-live="polite">
            {dates.isPending ? t`Loading...` : t`${dateCount(visible.length)} in ${monthLabel}`}
          </p>
        </div>

        <Tabs.Content value="list">{listContent}</Tabs.Content>

        <Tabs.Content value="calendar">
          <MonthCalendar
            year={filters.year}
            month={filters.month}
            dates={visible}
            today={today}
            selectedDay={selectedDay}
            onSelectDay={setSelectedDay}
            onPrevious={canMove(-1) ? () => changeMonth(-1) : undefined}
            onNext={canMove(1) ? () => changeMonth(1) : undefined}
          />
          {selectedDay ? (
            <section className={styles.day} aria-label={formatFullDate(selectedDay)}>
              <div className={styles.dayHeader}>
                <h2 className={styles.dayTitle}>{formatFullDate(selectedDay)}</h2>
                <Button variant="outline" size="sm" onClick={() => openCreate(selectedDay)}>
                  <Plus size={16} aria-hidden="true" />
                  <Trans>Add a date on this day</Trans>
                </Button>
              </div>
              {dayItems.length > 0 ? (
                cards(dayItems)
              ) : (
                <p className={styles.quiet}>
                  <Trans>Nothing on this day.</Trans>
                </p>
              )}
            </section>
          ) : (
            <p className={css({ color: 'fg.muted', mt: '4', fontSize: 'sm' })}>
              <Trans>Choose a day to see its dates, or to add one on that day.</Trans>
            </p>
          )}
        </Tabs.Content>
      </Tabs.Root>

      <DateFormDialog
        mode={formMode}
        classes={classes.data ?? []}
        onClose={() => setFormMode({ kind: 'closed' })}
        onSaved={onSaved}
      />
      <DeleteDateDialog item={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
