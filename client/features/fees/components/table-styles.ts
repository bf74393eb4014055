import { css } from 'styled-system/css';

export const tableStyles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  scroller: css({ maxH: '70vh' }),
  primary: css({ display: 'block', fontWeight: 'medium', color: 'fg', whiteSpace: 'nowrap' }),
  secondary: css({ display: 'block', fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' }),
  note: css({ display: 'block', fontSize: 'xs', color: 'fg.muted', minW: '40' }),
  nowrap: css({ whiteSpace: 'nowrap' }),
  strong: css({ fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted' }),
  actions: css({ textAlign: 'end', whiteSpace: 'nowrap' }),
  actionGroup: css({ display: 'inline-flex', gap: '1', justifyContent: 'flex-end' }),
};
