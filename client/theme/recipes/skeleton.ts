import { defineRecipe } from '@pandacss/dev';

export const skeleton = defineRecipe({
  className: 'skeleton',
  jsx: ['Skeleton'],
  base: {
    display: 'block',
    bg: 'muted',
    borderRadius: 'md',
    flexShrink: '0',
    animation: 'shimmer 1.6s ease-in-out infinite',
  },
  variants: {
    variant: {
      block: {},
      text: { h: '4', borderRadius: 'sm' },
      circle: { borderRadius: 'full' },
    },
  },
  defaultVariants: { variant: 'block' },
});
