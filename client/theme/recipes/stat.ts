import { defineSlotRecipe } from '@pandacss/dev';

/** A summary card: label, big number, a small secondary line, and an icon in a tinted square. */
export const stat = defineSlotRecipe({
  className: 'stat',
  slots: ['root', 'header', 'label', 'icon', 'value', 'helpText'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      p: { base: '4', sm: '5' },
      bg: 'surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
      boxShadow: 'card',
      minW: '0',
    },
    header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' },
    icon: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '9',
      h: '9',
      borderRadius: 'lg',
      flexShrink: '0',
    },
    value: {
      fontSize: { base: '2xl', lg: '3xl' },
      fontWeight: 'semibold',
      letterSpacing: 'tight',
      lineHeight: '1.2',
      color: 'fg',
      fontVariantNumeric: 'tabular-nums',
      wordBreak: 'break-word',
    },
    helpText: { fontSize: 'sm', color: 'fg.muted' },
  },
  variants: {
    tone: {
      brand: { icon: { bg: 'brand.subtle', color: 'brand.fg' } },
      success: { icon: { bg: 'success.subtle', color: 'success.fg' } },
      warning: { icon: { bg: 'warning.subtle', color: 'warning.fg' } },
      danger: { icon: { bg: 'danger.subtle', color: 'danger.fg' } },
      info: { icon: { bg: 'info.subtle', color: 'info.fg' } },
    },
  },
  defaultVariants: { tone: 'brand' },
});
