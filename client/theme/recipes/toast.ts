import { toastAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const toast = defineSlotRecipe({
  className: 'toast',
  slots: [...toastAnatomy.keys(), 'icon', 'text'],
  base: {
    group: {
      zIndex: 'toast',
      // Ark's toaster turns 'end' into the left for right-to-left pages, then sets it as inset-inline-start (the right).
      _rtl: {
        insetInlineStart: 'auto !important',
        insetInlineEnd: 'calc(env(safe-area-inset-left, 0px) + 1rem) !important',
        alignItems: 'flex-end !important',
      },
    },
    root: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      w: { base: 'calc(100vw - 2rem)', sm: '96' },
      p: '4',
      pe: '12',
      bg: 'surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
      boxShadow: 'overlay',
      position: 'relative',
      height: 'var(--height)',
      opacity: 'var(--opacity)',
      translate: 'var(--x) var(--y) 0',
      scale: 'var(--scale)',
      zIndex: 'var(--z-index)',
      willChange: 'translate, opacity, scale',
      transitionProperty: 'translate, scale, opacity, height',
      transitionDuration: 'normal',
      transitionTimingFunction: 'default',
      '&[data-type=success] [data-part=icon]': { color: 'success' },
      '&[data-type=error] [data-part=icon]': { color: 'danger' },
      '&[data-type=warning] [data-part=icon]': { color: 'warning' },
      '&[data-type=info] [data-part=icon]': { color: 'info' },
    },
    icon: { flexShrink: '0', mt: '0.5' },
    text: { display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' },
    title: { fontSize: 'sm', fontWeight: 'medium', color: 'fg' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    actionTrigger: { fontSize: 'sm', fontWeight: 'medium', color: 'brand.fg', cursor: 'pointer' },
    closeTrigger: { position: 'absolute', top: '2.5', insetInlineEnd: '2.5' },
  },
});
