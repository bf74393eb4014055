import { plural, t } from '@lingui/core/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { IconButton } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { mirrorInRtl } from '~/components/ui/mirror';
import type { ImportantDate } from '../api';
import { dateCount, formatFullDate, formatMonth, type Tone, TYPE_TONES, typeLabel, weekdayNames } from '../format';

const MAX_CHIPS = 2;
const MAX_DOTS = 3;

const chipTones: Record<Tone, string> = {
  neutral: css({ bg: 'muted', color: 'fg' }),
  brand: css({ bg: 'brand.subtle', color: 'brand.fg' }),
  success: css({ bg: 'success.subtle', color: 'success.fg' }),
  warning: css({ bg: 'warning.subtle', color: 'warning.fg' }),
  danger: css({ bg: 'danger.subtle', color: 'danger.fg' }),
  info: css({ bg: 'info.subtle', color: 'info.fg' }),
};
const dotTones: Record<Tone, string> = {
  neutral: css({ bg: 'fg.muted' }),
  brand: css({ bg: 'brand.solid' }),
  success: css({ bg: 'success.dot' }),
  warning: css({ bg: 'warning.dot' }),
  danger: css({ bg: 'danger.dot' }),
  info: css({ bg: 'info.dot' }),
};

const numberStyle = css.raw({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  alignSelf: { base: 'center', md: 'flex-start' },
  w: '6',
  h: '6',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'medium',
  color: 'fg',
});
// Today's circle takes its own colours over the number's: merged, not two classes competing.
const todayStyle = css.raw({ bg: 'brand.solid', color: 'fg.inverted' });

const styles = {
  header: css({
    display: 'flex',
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    px: { base: '3', md: '5' },
    pt: '4',
  }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold' }),
  nav: css({ display: 'flex', gap: '1' }),
  body: css({ px: { base: '2', md: '4' }, pb: { base: '3', md: '4' }, pt: '3' }),
  table: css({ w: 'full', tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: '0' }),
  weekday: css({ pb: '2', fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted', textAlign: 'center' }),
  cell: css({ p: '0.5', verticalAlign: 'top' }),
  day: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: { base: 'center', md: 'stretch' },
    gap: '1',
    w: 'full',
    minH: { base: '12', md: '24' },
    p: { base: '1', md: '1.5' },
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'surface',
    textAlign: 'start',
    cursor: 'pointer',
    transitionProperty: 'background-color, border-color',
    transitionDuration: 'fast',
    _hover: { bg: 'surface.hover' },
    '&[aria-pressed=true]': { borderColor: 'brand.focus', bg: 'brand.subtle', boxShadow: 'focusRing' },
  }),
  chips: css({ display: { base: 'none', md: 'flex' }, flexDirection: 'column', gap: '0.5', minW: '0' }),
  chip: css({
    display: 'block',
    px: '1.5',
    py: '0.5',
    borderRadius: 'sm',
    fontSize: 'xs',
    fontWeight: 'medium',
    truncate: true,
  }),
  more: css({ fontSize: 'xs', color: 'fg.muted', px: '1.5' }),
  dots: css({ display: { base: 'flex', md: 'none' }, gap: '0.5', justifyContent: 'center' }),
  dot: css({ w: '1.5', h: '1.5', borderRadius: 'full' }),
  legend: css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '3', fontSize: 'xs', color: 'fg.muted' }),
  legendItem: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' }),
};

export interface MonthCalendarProps {
  year: number;
  month: number;
  dates: ImportantDate[];
  today: string;
  selectedDay: string | null;
  onSelectDay: (day: string | null) => void;
  onPrevious?: () => void;
  onNext?: () => void;
}

/** The month as a grid of days, each showing what falls on it; choosing a day lists its dates below. */
export function MonthCalendar({
  year,
  month,
  dates,
  today,
  selectedDay,
  onSelectDay,
  onPrevious,
  onNext,
}: MonthCalendarProps) {
  const headingId = useId();
  const byDay = new Map<string, ImportantDate[]>();
  for (const item of dates) byDay.set(item.date, [...(byDay.get(item.date) ?? []), item]);
  const weeks = monthWeeks(year, month);
  const types = [...new Set(dates.map((d) => d.type))];

  return (
    <Card.Root>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {formatMonth(year, month)}
        </h2>
        <div className={styles.nav}>
          <IconButton label={t`Previous month`} size="sm" onClick={onPrevious} disabled={!onPrevious}>
            <ChevronLeft className={mirrorInRtl} size={18} aria-hidden="true" />
          </IconButton>
          <IconButton label={t`Next month`} size="sm" onClick={onNext} disabled={!onNext}>
            <ChevronRight className={mirrorInRtl} size={18} aria-hidden="true" />
          </IconButton>
        </div>
      </div>
      <div className={styles.body}>
        <table className={styles.table} aria-labelledby={headingId}>
          <thead>
            <tr>
              {weekdayNames().map((weekday) => (
                <th key={weekday.long} scope="col" className={styles.weekday}>
                  <abbr title={weekday.long} className={css({ textDecoration: 'none' })}>
                    <span className={css({ hideFrom: 'md' })}>{weekday.narrow}</span>
                    <span className={css({ hideBelow: 'md' })}>{weekday.short}</span>
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0].key}>
                {week.map(({ key, day }) => {
                  if (!day) return <td key={key} className={styles.cell} />;
                  const items = byDay.get(day) ?? [];
                  const full = formatFullDate(day);
                  const label =
                    items.length === 0 ? t`${full}: no important dates` : t`${full}: ${dateCount(items.length)}`;
                  return (
                    <td key={day} className={styles.cell}>
                      <button
                        type="button"
                        className={styles.day}
                        aria-pressed={selectedDay === day}
                        aria-current={day === today ? 'date' : undefined}
                        onClick={() => onSelectDay(selectedDay === day ? null : day)}
                      >
                        <span className={css({ srOnly: true })}>{label}</span>
                        <span className={css(numberStyle, day === today && todayStyle)} aria-hidden="true">
                          {Number(day.slice(8))}
                        </span>
                        {items.length > 0 ? (
                          <>
                            <span className={styles.chips} aria-hidden="true">
                              {items.slice(0, MAX_CHIPS).map((item) => (
                                <span key={item._id} className={cx(styles.chip, chipTones[TYPE_TONES[item.type]])}>
                                  {item.title}
                                </span>
                              ))}
                              {items.length > MAX_CHIPS ? (
                                <span className={styles.more}>
                                  {plural(items.length - MAX_CHIPS, { one: '+# more', other: '+# more' })}
                                </span>
                              ) : null}
                            </span>
                            <span className={styles.dots} aria-hidden="true">
                              {items.slice(0, MAX_DOTS).map((item) => (
                                <span key={item._id} className={cx(styles.dot, dotTones[TYPE_TONES[item.type]])} />
                              ))}
                            </span>
                          </>
                        ) : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {types.length > 0 ? (
          <ul className={styles.legend} aria-label={t`Legend`}>
            {types.map((type) => (
              <li key={type} className={styles.legendItem}>
                <span className={cx(styles.dot, dotTones[TYPE_TONES[type]])} aria-hidden="true" />
                {typeLabel(type)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card.Root>
  );
}

/** The month's days (YYYY-MM-DD) in weeks from Sunday, with null for the days of the months around it. */
export function monthWeeks(year: number, month: number): { key: string; day: string | null }[][] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-`;
  const cells: (string | null)[] = [
    ...Array.from({ length: first }, () => null),
    ...Array.from({ length }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const keyed = cells.map((day, position) => ({ key: day ?? `blank-${position}`, day }));
  const weeks: { key: string; day: string | null }[][] = [];
  for (let i = 0; i < keyed.length; i += 7) weeks.push(keyed.slice(i, i + 7));
  return weeks;
}
