import { css } from 'styled-system/css';
import { Skeleton } from '~/components/ui/skeleton';
import * as Table from '~/components/ui/table';

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
      '& tbody > tr > td[data-primary]': {
        order: '-1',
        justifyContent: 'flex-start',
        textAlign: 'left',
        fontSize: 'md',
      },
      '& tbody > tr > td[data-actions]': { justifyContent: 'flex-end', pt: '1' },
      '& tbody > tr > td[data-wide-only]': { display: 'none' },
    },
  }),
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
