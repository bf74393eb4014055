import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const dialog = defineSlotRecipe({
  className: 'dialog',
  slots: [...dialogAnatomy.keys(), 'header', 'body', 'footer'],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      zIndex: 'overlay',
      bg: 'backdrop',
      _open: { animation: 'fadeIn {durations.enter} ease-out' },
      _closed: { animation: 'fadeOut {durations.exit} ease-in' },
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 'modal',
      display: 'flex',
      overscrollBehavior: 'contain',
    },
    content: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      bg: 'surface',
      boxShadow: 'overlay',
      outline: 'none',
      minW: '0',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '6', pt: '6', pe: '14' },
    title: { fontSize: 'lg', fontWeight: 'semibold', color: 'fg' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { px: '6', py: '5', overflowY: 'auto', flex: '1' },
    footer: {
      display: 'flex',
      flexWrap: 'wrap',
      justifyContent: 'flex-end',
      gap: '2',
      px: '6',
      pb: '6',
    },
    closeTrigger: { position: 'absolute', top: '3', insetInlineEnd: '3' },
  },
  variants: {
    placement: {
      center: {
        positioner: {
          alignItems: { base: 'flex-end', sm: 'center' },
          justifyContent: 'center',
          p: { base: '0', sm: '4' },
        },
        content: {
          w: 'full',
          maxW: { base: 'full', sm: 'lg' },
          maxH: { base: '90dvh', sm: 'calc(100dvh - 2rem)' },
          borderRadius: { base: '2xl 2xl 0 0', sm: 'card' },
          _open: { animation: 'popIn {durations.enter} ease-out' },
          _closed: { animation: 'popOut {durations.exit} ease-in' },
        },
      },
      start: {
        positioner: { alignItems: 'stretch', justifyContent: 'flex-start' },
        content: {
          h: '100dvh',
          w: 'sidebar',
          maxW: 'calc(100vw - 3rem)',
          borderInlineEndWidth: '1px',
          borderColor: 'border',
          _open: { animation: 'slideInFromLeft {durations.enter} ease-out' },
          _closed: { animation: 'slideOutToLeft {durations.exit} ease-in' },
          _rtl: {
            _open: { animationName: 'slideInFromRight' },
            _closed: { animationName: 'slideOutToRight' },
          },
        },
      },
    },
    size: {
      md: {},
      lg: { content: { maxW: { sm: '2xl' } } },
      xl: { content: { maxW: { sm: '4xl' } } },
    },
  },
  defaultVariants: { placement: 'center', size: 'md' },
});
