import { defineRecipe } from '@pandacss/dev';

/** The input's look for several lines of text: grows by the user's hand, never sideways. */
export const textarea = defineRecipe({
  className: 'textarea',
  jsx: ['Textarea'],
  base: {
    w: 'full',
    minW: '0',
    minH: '24',
    appearance: 'none',
    bg: 'surface',
    color: 'fg',
    borderWidth: '1px',
    borderColor: 'border.input',
    borderRadius: 'control',
    px: '3',
    py: '2',
    fontSize: { base: 'md', lg: 'sm' },
    lineHeight: '1.5',
    resize: 'vertical',
    outline: 'none',
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: 'fast',
    _placeholder: { color: 'fg.muted' },
    _hover: { borderColor: 'zinc.500' },
    _focusVisible: { borderColor: 'brand.focus', boxShadow: 'focusRing', outline: 'none' },
    '&:is([data-invalid], [aria-invalid=true])': {
      borderColor: 'danger',
      _focusVisible: { borderColor: 'danger', boxShadow: 'dangerRing' },
    },
    _disabled: { bg: 'surface.subtle', cursor: 'not-allowed', opacity: '0.7' },
  },
});
