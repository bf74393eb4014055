import { css } from 'styled-system/css';

/** The family pages' frame, shared by the page and the frame drawn while its code arrives, so neither jumps. */
export const familyFrame = {
  page: css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'canvas' }),
  bar: css({
    position: 'sticky',
    top: '0',
    zIndex: 'sticky',
    bg: 'surface',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  barInner: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    h: 'topbar',
    w: 'full',
    maxW: '6xl',
    mx: 'auto',
    px: { base: '4', md: '6' },
  }),
  school: css({ fontWeight: 'semibold', fontSize: 'md', truncate: true, minW: '0' }),
  end: css({ ms: 'auto', display: 'flex', alignItems: 'center', gap: '1', flexShrink: '0' }),
  main: css({ flex: '1', w: 'full', maxW: '6xl', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '5', md: '8' } }),
};
