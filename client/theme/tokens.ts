import { defineSemanticTokens, defineTokens } from '@pandacss/dev';

export const tokens = defineTokens({
  colors: {
    brand: {
      50: { value: '#eef2ff' },
      100: { value: '#e0e7ff' },
      200: { value: '#c7d2fe' },
      300: { value: '#a5b4fc' },
      400: { value: '#818cf8' },
      500: { value: '#6366f1' },
      600: { value: '#4f46e5' },
      700: { value: '#4338ca' },
      800: { value: '#3730a3' },
      900: { value: '#312e81' },
    },
  },
  fonts: {
    body: {
      value:
        "'Inter Variable', Inter, 'Portal Devanagari', 'Portal Arabic', 'Inter Fallback', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    mono: { value: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" },
  },
  sizes: {
    sidebar: { value: '264px' },
    rail: { value: '72px' },
    topbar: { value: '60px' },
    content: { value: '1440px' },
    touch: { value: '44px' },
  },
  zIndex: {
    hide: { value: -1 },
    base: { value: 0 },
    docked: { value: 10 },
    sticky: { value: 1100 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    // Above modal: a select or date picker inside a dialog must open over it.
    dropdown: { value: 1500 },
    skipLink: { value: 1600 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
  },
  durations: {
    enter: { value: '200ms' },
    exit: { value: '150ms' },
  },
});

export const semanticTokens = defineSemanticTokens({
  colors: {
    canvas: { value: '#f6f6f7' },
    surface: {
      DEFAULT: { value: '{colors.white}' },
      subtle: { value: '{colors.zinc.50}' },
      hover: { value: '{colors.zinc.100}' },
    },
    fg: {
      DEFAULT: { value: '{colors.zinc.900}' },
      muted: { value: '{colors.zinc.600}' },
      inverted: { value: '{colors.white}' },
    },
    muted: {
      DEFAULT: { value: '{colors.zinc.100}' },
      fg: { value: '{colors.zinc.600}' },
    },
    border: {
      DEFAULT: { value: '{colors.zinc.200}' },
      strong: { value: '{colors.zinc.300}' },
      input: { value: '{colors.zinc.400}' },
    },
    brand: {
      solid: { value: '{colors.brand.600}' },
      solidHover: { value: '{colors.brand.700}' },
      fg: { value: '{colors.brand.700}' },
      subtle: { value: '{colors.brand.50}' },
      muted: { value: '{colors.brand.100}' },
      border: { value: '{colors.brand.200}' },
      focus: { value: '{colors.brand.500}' },
    },
    success: {
      DEFAULT: { value: '{colors.green.700}' },
      solid: { value: '{colors.green.700}' },
      fg: { value: '{colors.green.800}' },
      subtle: { value: '{colors.green.50}' },
      border: { value: '{colors.green.200}' },
      dot: { value: '{colors.green.500}' },
    },
    warning: {
      DEFAULT: { value: '{colors.amber.700}' },
      solid: { value: '{colors.amber.700}' },
      fg: { value: '{colors.amber.800}' },
      subtle: { value: '{colors.amber.50}' },
      border: { value: '{colors.amber.200}' },
      dot: { value: '{colors.amber.500}' },
    },
    danger: {
      DEFAULT: { value: '{colors.red.600}' },
      solid: { value: '{colors.red.600}' },
      solidHover: { value: '{colors.red.700}' },
      fg: { value: '{colors.red.700}' },
      subtle: { value: '{colors.red.50}' },
      border: { value: '{colors.red.200}' },
      dot: { value: '{colors.red.500}' },
    },
    info: {
      DEFAULT: { value: '{colors.blue.600}' },
      solid: { value: '{colors.blue.600}' },
      fg: { value: '{colors.blue.700}' },
      subtle: { value: '{colors.blue.50}' },
      border: { value: '{colors.blue.200}' },
      dot: { value: '{colors.blue.500}' },
    },
    backdrop: { value: 'rgba(24, 24, 27, 0.45)' },
  },
  shadows: {
    card: { value: '0 1px 2px 0 rgba(24, 24, 27, 0.04)' },
    overlay: {
      value: '0 10px 30px -8px rgba(24, 24, 27, 0.18), 0 2px 6px -2px rgba(24, 24, 27, 0.08)',
    },
    focusRing: { value: '0 0 0 1px {colors.brand.500}, 0 0 0 4px {colors.brand.100}' },
    dangerRing: { value: '0 0 0 1px {colors.red.600}, 0 0 0 4px {colors.red.100}' },
  },
  radii: {
    control: { value: '{radii.lg}' },
    card: { value: '{radii.xl}' },
  },
});
