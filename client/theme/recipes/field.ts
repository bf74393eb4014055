import { fieldAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const field = defineSlotRecipe({
  className: 'field',
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg',
      _disabled: { opacity: '0.7' },
    },
    requiredIndicator: { color: 'danger.fg' },
    helperText: { fontSize: 'xs', color: 'fg.muted' },
    errorText: { fontSize: 'sm', color: 'danger.fg', display: 'flex', alignItems: 'center', gap: '1.5' },
  },
});
