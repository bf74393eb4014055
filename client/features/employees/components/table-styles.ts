import { css } from 'styled-system/css';

/**
 * Tables of this screen: the header stays in view while a long body scrolls inside the card; on phones each
 * row becomes a small card whose cells carry their column name (`data-label`), so nothing scrolls sideways.
 */
export const tableStyles = {
  scroller: css({ maxH: { md: '70dvh' }, borderWidth: '0', borderRadius: '0' }),
  root: css({
    mdDown: {
      display: 'block',
      '& thead': { srOnly: true },
      '& tbody': { display: 'block' },
      '& tbody > tr': {
        display: 'flex',
        flexDirection: 'column',
        gap: '1.5',
        px: '4',
        py: '3.5',
        borderBottomWidth: '1px',
        borderColor: 'border',
      },
      '& tbody > tr:last-child': { borderBottomWidth: '0' },
      '& tbody > tr > td': {
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '3',
        p: '0',
        borderBottomWidth: '0',
        textAlign: 'right',
        minW: '0',
      },
      '& tbody > tr > td[data-label]::before': {
        content: 'attr(data-label)',
        flexShrink: '0',
        color: 'fg.muted',
        fontSize: 'xs',
        fontWeight: 'semibold',
        textTransform: 'uppercase',
        letterSpacing: 'wide',
        textAlign: 'left',
      },
      '& tbody > tr > td[data-primary]': { justifyContent: 'flex-start', textAlign: 'left', fontSize: 'md' },
      '& tbody > tr > td[data-actions]': { justifyContent: 'flex-end', pt: '1' },
    },
  }),
  person: css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' }),
  primary: css({ display: 'block', fontWeight: 'medium', color: 'fg', whiteSpace: { md: 'nowrap' } }),
  secondary: css({
    display: 'block',
    fontSize: 'xs',
    color: 'fg.muted',
    whiteSpace: { md: 'nowrap' },
    overflowWrap: { base: 'anywhere', md: 'normal' },
  }),
  nowrap: css({ whiteSpace: 'nowrap' }),
  numeric: css({ textAlign: { md: 'right' }, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }),
  quiet: css({ color: 'fg.muted' }),
  actions: css({ display: 'flex', justifyContent: 'flex-end', gap: '1', flexWrap: { base: 'wrap', md: 'nowrap' } }),
};
