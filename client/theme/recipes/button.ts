import { defineRecipe } from '@pandacss/dev';

export const button = defineRecipe({
  className: 'button',
  jsx: ['Button', 'IconButton', 'LinkButton'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    flexShrink: '0',
    fontWeight: 'medium',
    lineHeight: '1',
    whiteSpace: 'nowrap',
    borderRadius: 'control',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    userSelect: 'none',
    textDecoration: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow',
    transitionDuration: 'fast',
    _disabled: { opacity: '0.6', cursor: 'not-allowed' },
    '&[aria-busy=true]': { cursor: 'progress' },
    '& svg': { flexShrink: '0' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'brand.solid',
        color: 'fg.inverted',
        _hover: { _enabled: { bg: 'brand.solidHover' } },
      },
      outline: {
        bg: 'surface',
        color: 'fg',
        borderColor: 'border.strong',
        _hover: { _enabled: { bg: 'surface.hover' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg',
        _hover: { _enabled: { bg: 'surface.hover' } },
      },
      subtle: {
        bg: 'brand.subtle',
        color: 'brand.fg',
        _hover: { _enabled: { bg: 'brand.muted' } },
      },
      danger: {
        bg: 'danger.solid',
        color: 'fg.inverted',
        _hover: { _enabled: { bg: 'danger.solidHover' } },
      },
    },
    size: {
      sm: { h: '8', minW: '8', px: '3', fontSize: 'sm' },
      md: { h: { base: 'touch', lg: '9' }, minW: { base: 'touch', lg: '9' }, px: '4', fontSize: 'sm' },
      lg: { h: 'touch', minW: 'touch', px: '5', fontSize: 'md' },
    },
    iconOnly: {
      true: { px: '0' },
    },
    fullWidth: {
      true: { w: 'full' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});
