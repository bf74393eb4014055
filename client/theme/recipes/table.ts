import { defineSlotRecipe } from '@pandacss/dev';

export const table = defineSlotRecipe({
  className: 'table',
  slots: ['scroller', 'root', 'caption', 'head', 'header', 'body', 'row', 'cell', 'footer'],
  base: {
    scroller: {
      w: 'full',
      overflow: 'auto',
      bg: 'surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
    },
    root: { w: 'full', borderCollapse: 'separate', borderSpacing: '0', fontSize: 'sm', textAlign: 'start' },
    caption: { captionSide: 'bottom', py: '3', color: 'fg.muted', fontSize: 'xs' },
    head: { position: 'sticky', top: '0', zIndex: '1', bg: 'surface.subtle' },
    header: {
      px: '4',
      h: '10',
      fontSize: 'xs',
      fontWeight: 'semibold',
      color: 'fg.muted',
      textTransform: 'uppercase',
      letterSpacing: 'wide',
      borderBottomWidth: '1px',
      borderColor: 'border',
      whiteSpace: 'nowrap',
      '&[data-numeric]': { textAlign: 'end' },
    },
    body: {},
    row: {
      transitionProperty: 'background-color',
      transitionDuration: 'fast',
      '& > td': { borderBottomWidth: '1px', borderColor: 'border' },
      '&:last-child > td': { borderBottomWidth: '0' },
      _hover: { bg: 'surface.subtle' },
    },
    cell: {
      px: '4',
      py: '3',
      color: 'fg',
      verticalAlign: 'middle',
      '&[data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
    },
    footer: { bg: 'surface.subtle', fontWeight: 'medium' },
  },
});
