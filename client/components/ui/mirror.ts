import { css } from 'styled-system/css';

/** For an icon that points the way (back, next, a panel's edge): right-to-left pages draw it mirrored. */
export const mirrorInRtl = css({ _rtl: { transform: 'scaleX(-1)' } });
