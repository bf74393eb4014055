import { paginationAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

const control = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1',
  minW: { base: 'touch', lg: '9' },
  h: { base: 'touch', lg: '9' },
  px: '2',
  borderRadius: 'control',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg',
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  transitionProperty: 'background-color, color',
  transitionDuration: 'fast',
  _hover: { _enabled: { bg: 'surface.hover' } },
  _disabled: { opacity: '0.5', cursor: 'not-allowed' },
} as const;

export const pagination = defineSlotRecipe({
  className: 'pagination',
  slots: [...paginationAnatomy.keys(), 'summary', 'pages', 'pageText'],
  base: {
    root: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '3',
      pt: '3',
    },
    summary: { fontSize: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' },
    pages: { display: 'flex', alignItems: 'center', gap: '1' },
    pageText: {
      display: { base: 'inline', md: 'none' },
      px: '2',
      fontSize: 'sm',
      color: 'fg.muted',
      fontVariantNumeric: 'tabular-nums',
    },
    item: {
      ...control,
      display: { base: 'none', md: 'inline-flex' },
      _selected: { bg: 'brand.subtle', color: 'brand.fg', _hover: { bg: 'brand.muted' } },
    },
    ellipsis: { display: { base: 'none', md: 'inline-flex' }, px: '1', color: 'fg.muted' },
    prevTrigger: control,
    nextTrigger: control,
    firstTrigger: control,
    lastTrigger: control,
  },
});
