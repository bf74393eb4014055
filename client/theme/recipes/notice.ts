import { defineSlotRecipe } from '@pandacss/dev';

/** A short message inside a screen: a preview label, a warning before a destructive step. */
export const notice = defineSlotRecipe({
  className: 'notice',
  slots: ['root', 'icon', 'content', 'title', 'description'],
  base: {
    root: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      px: '4',
      py: '3',
      borderWidth: '1px',
      borderRadius: 'card',
    },
    icon: { display: 'inline-flex', flexShrink: '0', mt: '0.5' },
    content: { display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' },
    title: { fontSize: 'sm', fontWeight: 'semibold' },
    description: { fontSize: 'sm' },
  },
  variants: {
    tone: {
      info: { root: { bg: 'info.subtle', borderColor: 'info.border', color: 'info.fg' } },
      brand: { root: { bg: 'brand.subtle', borderColor: 'brand.border', color: 'brand.fg' } },
      warning: { root: { bg: 'warning.subtle', borderColor: 'warning.border', color: 'warning.fg' } },
      danger: { root: { bg: 'danger.subtle', borderColor: 'danger.border', color: 'danger.fg' } },
    },
  },
  defaultVariants: { tone: 'info' },
});
