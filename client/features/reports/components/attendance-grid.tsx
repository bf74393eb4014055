import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { currentLanguage } from '~/lib/i18n';
import type { MonthReport } from '../attendance-api';

const styles = {
  scroller: css({ overflowX: 'auto', maxW: 'full', borderTopWidth: '1px', borderColor: 'border' }),
  table: css({ borderCollapse: 'separate', borderSpacing: '0', fontSize: 'sm', minW: 'full' }),
  th: css({
    px: '1.5',
    py: '2',
    fontWeight: 'semibold',
    color: 'fg.muted',
    whiteSpace: 'nowrap',
    borderBottomWidth: '1px',
    borderColor: 'border',
    bg: 'surface',
  }),
  td: css({
    px: '1.5',
    py: '1.5',
    whiteSpace: 'nowrap',
    borderBottomWidth: '1px',
    borderColor: 'border',
    fontVariantNumeric: 'tabular-nums',
  }),
  text: css({ textAlign: 'start' }),
  day: css({ textAlign: 'center' }),
  number: css({ textAlign: 'end', px: '2.5' }),
  sticky: css({ position: 'sticky', zIndex: 1, bg: 'surface' }),
  first: css({ insetInlineStart: '0', minW: '12' }),
  // The roll column is as wide as the school's longest roll number: the name sticks right after it, wherever that is.
  second: css({
    insetInlineStart: 'var(--roll-width, 3rem)',
    maxW: '48',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    borderInlineEndWidth: '1px',
  }),
  soleSticky: css({
    insetInlineStart: '0',
    maxW: '48',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    borderInlineEndWidth: '1px',
  }),
  off: css({ bg: 'surface.subtle', color: 'fg.muted' }),
  totals: css({ fontWeight: 'semibold', bg: 'surface.subtle' }),
  P: css({ color: 'success.fg' }),
  A: css({ color: 'danger.fg', fontWeight: 'semibold' }),
  L: css({ color: 'warning.fg', fontWeight: 'semibold' }),
  E: css({ color: 'info.fg' }),
  HD: css({ color: 'warning.fg' }),
};

const number = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);
const percent = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);

/** The first column's width as drawn, followed as it changes (fonts arriving, a narrower screen). */
function useRollWidth(sticky: 1 | 2) {
  const ref = useRef<HTMLTableElement>(null);
  const [px, setPx] = useState<number>();
  useLayoutEffect(() => {
    const first = ref.current?.querySelector('thead th');
    if (sticky !== 2 || !first) return;
    const measure = () => setPx(first.getBoundingClientRect().width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(first);
    return () => observer.disconnect();
  }, [sticky]);
  return { ref, px };
}

/** The month's grid: people down, days across (the first columns stay in view while it scrolls), totals. */
const MARK_CLASS: Record<string, string> = { P: styles.P, A: styles.A, L: styles.L, E: styles.E, HD: styles.HD };

export function MonthGrid({ report, sticky }: { report: MonthReport; sticky: 1 | 2 }) {
  const { table, days } = report;
  const rollWidth = useRollWidth(sticky);
  const dayOf = new Map(days.map((d) => [d.date, d]));
  const weekday = new Intl.DateTimeFormat(currentLanguage(), { weekday: 'short', timeZone: 'UTC' });
  const stickyClass = (i: number) =>
    i >= sticky
      ? undefined
      : cx(styles.sticky, sticky === 1 ? styles.soleSticky : i === 0 ? styles.first : styles.second);
  const cell = (value: string | number | null, i: number) => {
    const column = table.columns[i];
    const day = dayOf.get(column.key);
    if (column.kind === 'percent') return value === null ? '—' : percent(Number(value));
    if (column.kind === 'number' || (day && typeof value === 'number')) return number(Number(value));
    return value ?? '';
  };
  const classOf = (value: string | number | null, i: number, totals = false) => {
    const column = table.columns[i];
    const day = dayOf.get(column.key);
    const numeric = column.kind === 'number' || column.kind === 'percent';
    return cx(
      styles.td,
      numeric ? styles.number : day ? styles.day : styles.text,
      day && day.kind !== 'school' ? styles.off : undefined,
      typeof value === 'string' && !totals && value in MARK_CLASS ? MARK_CLASS[value] : undefined,
      stickyClass(i),
      totals ? styles.totals : undefined,
    );
  };
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the grid scrolls sideways, and must scroll by keyboard too.
    <section className={styles.scroller} tabIndex={0} aria-label={table.title}>
      <table
        className={styles.table}
        ref={rollWidth.ref}
        style={rollWidth.px === undefined ? undefined : ({ '--roll-width': `${rollWidth.px}px` } as CSSProperties)}
      >
        <caption className={css({ srOnly: true })}>{table.title}</caption>
        <thead>
          <tr>
            {table.columns.map((column, i) => {
              const day = dayOf.get(column.key);
              const name = day ? weekday.format(new Date(`${day.date}T00:00:00Z`)) : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  title={day?.note ?? name}
                  className={cx(
                    styles.th,
                    day
                      ? styles.day
                      : column.kind === 'number' || column.kind === 'percent'
                        ? styles.number
                        : styles.text,
                    day && day.kind !== 'school' ? styles.off : undefined,
                    stickyClass(i),
                  )}
                >
                  {day ? number(day.day) : column.label}
                  {name ? (
                    <>
                      <br />
                      <span className={css({ fontWeight: 'normal', fontSize: 'xs' })}>{name}</span>
                    </>
                  ) : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows have no key of their own; their order is fixed.
            <tr key={r}>
              {row.map((value, i) =>
                i === sticky - 1 ? (
                  <th
                    key={table.columns[i].key}
                    scope="row"
                    className={cx(classOf(value, i), css({ fontWeight: 'medium' }))}
                  >
                    {cell(value, i)}
                  </th>
                ) : (
                  <td key={table.columns[i].key} className={classOf(value, i)}>
                    {cell(value, i)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {table.totals ? (
          <tfoot>
            <tr>
              {table.totals.map((value, i) => (
                <td key={table.columns[i].key} className={classOf(value, i, true)}>
                  {cell(value, i)}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}
