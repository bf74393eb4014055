import { defineGlobalStyles, defineKeyframes } from '@pandacss/dev';

export const keyframes = defineKeyframes({
  fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
  fadeOut: { from: { opacity: '1' }, to: { opacity: '0' } },
  slideInFromLeft: { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
  slideOutToLeft: { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-100%)' } },
  slideInFromRight: { from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } },
  slideOutToRight: { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(100%)' } },
  popIn: {
    from: { opacity: '0', transform: 'translateY(4px) scale(0.98)' },
    to: { opacity: '1', transform: 'translateY(0) scale(1)' },
  },
  popOut: {
    from: { opacity: '1', transform: 'translateY(0) scale(1)' },
    to: { opacity: '0', transform: 'translateY(4px) scale(0.98)' },
  },
  collapseDown: { from: { height: '0', opacity: '0' }, to: { height: 'var(--height)', opacity: '1' } },
  collapseUp: { from: { height: 'var(--height)', opacity: '1' }, to: { height: '0', opacity: '0' } },
  shimmer: { '0%': { opacity: '1' }, '50%': { opacity: '0.5' }, '100%': { opacity: '1' } },
  spin: { to: { transform: 'rotate(360deg)' } },
});

export const globalCss = defineGlobalStyles({
  html: {
    fontFamily: 'body',
    color: 'fg',
    bg: 'canvas',
    lineHeight: '1.5',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textRendering: 'optimizeLegibility',
    colorScheme: 'light',
  },
  body: {
    fontSize: { base: 'md', lg: 'sm' },
    minHeight: '100dvh',
  },
  'table, time, [data-numeric]': {
    fontVariantNumeric: 'tabular-nums',
  },
  ':focus-visible': {
    outline: '2px solid',
    outlineColor: 'brand.focus',
    outlineOffset: '2px',
  },
  '::selection': { bg: 'brand.muted' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
});
