import { css, cx } from 'styled-system/css';
import { cardTable } from '~/components/ui/card-table';
import { Skeleton } from '~/components/ui/skeleton';
import * as Table from '~/components/ui/table';

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
        '& tbody > tr > td[data-primary]': {
          order: '-1',
          justifyContent: 'flex-start',
          textAlign: 'start',
          fontSize: 'md',
        },
        '& tbody > tr > td[data-actions]': { justifyContent: 'flex-end', pt: '1' },
        '& tbody > tr > td[data-wide-only]': { display: 'none' },
      },
    }),
  ),
  actions: css({ display: 'flex', justifyContent: 'flex-end', gap: '1', flexWrap: 'wrap' }),
  primary: css({ fontWeight: 'medium', color: 'fg' }),
  secondary: css({ display: 'block', fontSize: 'xs', color: 'fg.muted' }),
  nowrap: css({ whiteSpace: 'nowrap' }),
  chips: css({ display: 'flex', flexWrap: 'wrap', gap: '1', justifyContent: { base: 'flex-end', md: 'flex-start' } }),
  quiet: css({ color: 'fg.muted' }),
  srOnly: css({ srOnly: true }),
  /** Repeats on a phone what a hidden column says on a wide screen. */
  phoneOnly: css({ md: { display: 'none' } }),
  pager: css({ px: '4', pb: '3', borderTopWidth: '1px', borderColor: 'border', _empty: { display: 'none' } }),
};

/** Placeholder rows in the table's own shape while its data loads. */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity but their place.
        <Table.Row key={row} aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <Table.Cell key={column}>
              <Skeleton variant="text" w={column === 0 ? '32' : '20'} />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </>
  );
}
