import { defineRecipe } from '@pandacss/dev';

export const badge = defineRecipe({
  className: 'badge',
  jsx: ['Badge'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    borderRadius: 'full',
    borderWidth: '1px',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    lineHeight: '1',
  },
  variants: {
    tone: {
      neutral: { bg: 'muted', color: 'fg', borderColor: 'border' },
      brand: { bg: 'brand.subtle', color: 'brand.fg', borderColor: 'brand.border' },
      success: { bg: 'success.subtle', color: 'success.fg', borderColor: 'success.border' },
      warning: { bg: 'warning.subtle', color: 'warning.fg', borderColor: 'warning.border' },
      danger: { bg: 'danger.subtle', color: 'danger.fg', borderColor: 'danger.border' },
      info: { bg: 'info.subtle', color: 'info.fg', borderColor: 'info.border' },
    },
    size: {
      sm: { fontSize: 'xs', px: '2', h: '5' },
      md: { fontSize: 'xs', px: '2.5', h: '6' },
    },
  },
  defaultVariants: { tone: 'neutral', size: 'md' },
});
