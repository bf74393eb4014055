import { menuAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const menu = defineSlotRecipe({
  className: 'menu',
  slots: menuAnatomy.keys(),
  base: {
    positioner: { zIndex: 'dropdown' },
    content: {
      display: 'flex',
      flexDirection: 'column',
      minW: '56',
      p: '1.5',
      bg: 'surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
      boxShadow: 'overlay',
      outline: 'none',
      _open: { animation: 'popIn {durations.enter} ease-out' },
      _closed: { animation: 'popOut {durations.exit} ease-in' },
    },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      h: { base: 'touch', lg: '9' },
      px: '2.5',
      borderRadius: 'md',
      fontSize: 'sm',
      color: 'fg',
      cursor: 'pointer',
      _highlighted: { bg: 'surface.hover' },
      _disabled: { opacity: '0.5', cursor: 'not-allowed' },
      '& svg': { color: 'fg.muted' },
    },
    itemGroupLabel: { px: '2.5', py: '2', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
    separator: { my: '1.5', mx: '-1.5', borderTopWidth: '1px', borderColor: 'border' },
    itemIndicator: { ms: 'auto' },
  },
});
