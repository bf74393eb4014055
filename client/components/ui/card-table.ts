import { css } from 'styled-system/css';

/**
 * A table inside a card: the header stays in view while a long body scrolls; on phones each row becomes a small
 * card whose cells carry their column name (`data-label`), so nothing scrolls sideways. Screens add their own
 * rules for the primary and action cells beside `cardTable.root`.
 */
export const cardTable = {
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
        textAlign: 'end',
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
        textAlign: 'start',
      },
    },
  }),
};
