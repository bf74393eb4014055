import { segmentGroupAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** One choice among a few, as a row of equal buttons; a checked item takes its `data-tone` colour. */
export const segmentGroup = defineSlotRecipe({
  className: 'segment-group',
  slots: segmentGroupAnatomy.keys(),
  base: {
    root: {
      display: 'grid',
      gridAutoFlow: 'column',
      gridAutoColumns: 'minmax(0, 1fr)',
      gap: '1',
      p: '1',
      bg: 'muted',
      borderRadius: 'control',
      w: 'full',
      _disabled: { opacity: '0.6' },
    },
    label: { srOnly: true },
    item: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '1.5',
      minW: '0',
      px: '2',
      borderWidth: '1px',
      borderColor: 'transparent',
      borderRadius: 'md',
      color: 'fg.muted',
      fontWeight: 'medium',
      cursor: 'pointer',
      userSelect: 'none',
      transitionProperty: 'background-color, border-color, color',
      transitionDuration: 'fast',
      WebkitTapHighlightColor: 'transparent',
      _hover: { color: 'fg', bg: 'surface.hover' },
      _disabled: { cursor: 'not-allowed', _hover: { bg: 'transparent', color: 'fg.muted' } },
      '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'brand.focus', outlineOffset: '1px' },
      '&[data-state=checked]': { bg: 'surface', color: 'fg', borderColor: 'border', boxShadow: 'card' },
      '&[data-state=checked][data-tone=brand]': { bg: 'brand.subtle', color: 'brand.fg', borderColor: 'brand.border' },
      '&[data-state=checked][data-tone=success]': {
        bg: 'success.subtle',
        color: 'success.fg',
        borderColor: 'success.border',
      },
      '&[data-state=checked][data-tone=danger]': {
        bg: 'danger.subtle',
        color: 'danger.fg',
        borderColor: 'danger.border',
      },
      '&[data-state=checked][data-tone=warning]': {
        bg: 'warning.subtle',
        color: 'warning.fg',
        borderColor: 'warning.border',
      },
      '&[data-state=checked][data-tone=info]': { bg: 'info.subtle', color: 'info.fg', borderColor: 'info.border' },
    },
    itemText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    itemControl: { display: 'none' },
    indicator: { display: 'none' },
  },
  variants: {
    size: {
      md: { item: { h: { base: 'touch', lg: '8' }, fontSize: 'sm' } },
      lg: { item: { h: 'touch', fontSize: { base: 'sm', sm: 'md', lg: 'sm' } } },
    },
  },
  defaultVariants: { size: 'md' },
});
