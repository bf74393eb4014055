import { t } from '@lingui/core/macro';
import { css } from 'styled-system/css';

const badge = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: '0',
  minW: '8',
  h: '8',
  px: '1.5',
  borderRadius: 'md',
  bg: 'muted',
  color: 'fg.muted',
  fontSize: 'sm',
  fontWeight: 'semibold',
  fontVariantNumeric: 'tabular-nums',
});

/** A student's roll number in a class list (the register, the marks sheet), named for a screen reader. */
export function RollNumber({ value }: { value: string }) {
  return (
    <span className={badge} title={t`Roll number`}>
      <span className={css({ srOnly: true })}>{t`Roll number`} </span>
      {value}
    </span>
  );
}
