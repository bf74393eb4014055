import { css, cx } from 'styled-system/css';
import { cardTable } from '~/components/ui/card-table';

/**
 * Tables of this screen: the shared card table, with this screen's rules for its primary and action cells
 * on phones.
 */
export const tableStyles = {
  scroller: cardTable.scroller,
  root: cx(
    cardTable.root,
    css({
      mdDown: {
        '& tbody > tr > td[data-primary]': { justifyContent: 'flex-start', textAlign: 'start', fontSize: 'md' },
        '& tbody > tr > td[data-actions]': { justifyContent: 'flex-end', pt: '1' },
      },
    }),
  ),
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
  numeric: css({ textAlign: { md: 'end' }, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }),
  quiet: css({ color: 'fg.muted' }),
  actions: css({ display: 'flex', justifyContent: 'flex-end', gap: '1', flexWrap: { base: 'wrap', md: 'nowrap' } }),
};
