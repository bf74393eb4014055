import { defineSlotRecipe } from '@pandacss/dev';

export const chart = defineSlotRecipe({
  className: 'chart',
  slots: ['root', 'frame', 'tableBox', 'table'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', w: 'full', minW: '0', m: '0' },
    frame: { position: 'relative', w: 'full', minW: '0' },
    // A table grows to its widest row whatever its width, and overflow does not clip a table: the box around it
    // does, so long captions (Hindi's) never widen the page.
    tableBox: { srOnly: true },
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
