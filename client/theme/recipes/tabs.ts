import { tabsAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const tabs = defineSlotRecipe({
  className: 'tabs',
  slots: tabsAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '5', w: 'full', minW: '0' },
    list: {
      position: 'relative',
      display: 'flex',
      gap: '1',
      borderBottomWidth: '1px',
      borderColor: 'border',
      overflowX: 'auto',
      scrollbarWidth: 'none',
    },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      h: { base: 'touch', lg: '10' },
      px: '3',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      borderRadius: 'md',
      transitionProperty: 'color',
      transitionDuration: 'fast',
      _hover: { color: 'fg' },
      _selected: { color: 'brand.fg' },
      _disabled: { opacity: '0.5', cursor: 'not-allowed' },
      _focusVisible: { outlineOffset: '-2px' },
    },
    indicator: {
      bottom: '-1px',
      h: '2px',
      w: 'var(--width)',
      bg: 'brand.solid',
      borderRadius: 'full',
    },
    content: { _focusVisible: { outlineOffset: '4px' } },
  },
});
