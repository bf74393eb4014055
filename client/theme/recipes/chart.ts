import { defineSlotRecipe } from '@pandacss/dev';

export const chart = defineSlotRecipe({
  className: 'chart',
  slots: ['root', 'frame', 'table'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', w: 'full', minW: '0', m: '0' },
    frame: { position: 'relative', w: 'full', minW: '0' },
    table: { srOnly: true },
  },
  variants: {
    size: {
      sm: { frame: { h: '56' } },
      md: { frame: { h: '64' } },
      lg: { frame: { h: '72' } },
    },
  },
  defaultVariants: { size: 'md' },
});
