import { checkboxAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const checkbox = defineSlotRecipe({
  className: 'checkbox',
  slots: checkboxAnatomy.keys(),
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2.5',
      minH: { base: 'touch', lg: '8' },
      cursor: 'pointer',
      userSelect: 'none',
      _disabled: { cursor: 'not-allowed', opacity: '0.6' },
    },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: '0',
      w: '5',
      h: '5',
      bg: 'surface',
      color: 'fg.inverted',
      borderWidth: '1px',
      borderColor: 'border.input',
      borderRadius: 'sm',
      transitionProperty: 'background-color, border-color, box-shadow',
      transitionDuration: 'fast',
      _hover: { borderColor: 'zinc.500' },
      _checked: { bg: 'brand.solid', borderColor: 'brand.solid', _hover: { bg: 'brand.solidHover' } },
      _indeterminate: { bg: 'brand.solid', borderColor: 'brand.solid' },
      _focusVisible: { borderColor: 'brand.focus', boxShadow: 'focusRing' },
      '&:is([data-invalid])': { borderColor: 'danger' },
    },
    indicator: { display: 'inline-flex' },
    label: { fontSize: 'sm', color: 'fg', lineHeight: '1.4' },
    group: { display: 'flex', flexDirection: 'column', gap: '1' },
  },
});
