import { defineRecipe } from '@pandacss/dev';

export const input = defineRecipe({
  className: 'input',
  jsx: ['Input', 'Field.Input'],
  base: {
    w: 'full',
    minW: '0',
    appearance: 'none',
    bg: 'surface',
    color: 'fg',
    borderWidth: '1px',
    borderColor: 'border.input',
    borderRadius: 'control',
    px: '3',
    outline: 'none',
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: 'fast',
    _placeholder: { color: 'fg.muted' },
    _hover: { borderColor: 'zinc.500' },
    _focusVisible: { borderColor: 'brand.focus', boxShadow: 'focusRing', outline: 'none' },
    // Not `_invalid`: it includes `:invalid`, which marks every empty required field before any submit.
    '&:is([data-invalid], [aria-invalid=true])': {
      borderColor: 'danger',
      _focusVisible: { borderColor: 'danger', boxShadow: 'dangerRing' },
    },
    _disabled: { bg: 'surface.subtle', cursor: 'not-allowed', opacity: '0.7' },
  },
  variants: {
    size: {
      md: { h: { base: 'touch', lg: '10' }, fontSize: { base: 'md', lg: 'sm' } },
      lg: { h: 'touch', fontSize: 'md' },
    },
  },
  defaultVariants: { size: 'md' },
});
