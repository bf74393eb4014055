import { Trans } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { Checkbox } from './checkbox';

const styles = {
  root: css({ gridColumn: '1 / -1', alignItems: 'flex-start' }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  hint: css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' }),
};

export interface AskNewPasswordProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Whose password: 'the teacher', 'the student and each new parent'. */
  who: string;
}

/**
 * 'Ask for a new password at first sign-in', for every form where the office types someone's password: the
 * office knows it, so by default its holder replaces it before seeing anything.
 */
export function AskNewPassword({ checked, onCheckedChange, who }: AskNewPasswordProps) {
  return (
    <Checkbox
      className={styles.root}
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked === true)}
    >
      <span className={styles.text}>
        <span>
          <Trans>Ask for a new password at first sign-in</Trans>
        </span>
        <span className={styles.hint}>
          <Trans>
            Recommended: you know this password, so {who} will choose one only they know before anything else.
          </Trans>
        </span>
      </span>
    </Checkbox>
  );
}
