import { css } from 'styled-system/css';

/** A vertical run of cards. */
export const stackClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '5' }, minW: '0' });

/** One column on phones and tablets; two independent columns on wide screens. */
export const columnsClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '4', md: '5' },
  lg: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', alignItems: 'start' },
});

/**
 * One of the two wide-screen columns. Below that its cards join the single column and follow
 * `sectionOrder`, so phones read the sections in the order of the day, whatever column holds them.
 */
export const columnClass = css({
  display: { base: 'contents', lg: 'flex' },
  flexDirection: 'column',
  gap: '5',
  minW: '0',
});

export const sectionOrder = {
  today: css({ order: '1' }),
  // Right after today's attendance: what families look at most in the week.
  homework: css({ order: '1' }),
  month: css({ order: '2' }),
  timetable: css({ order: '3' }),
  dates: css({ order: '4' }),
  fees: css({ order: '5' }),
  results: css({ order: '6' }),
};
