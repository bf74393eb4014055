import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { SaveBar } from '~/components/save-bar';
import type { StudentStatus } from '../../api';
import { countsLine } from '../../format';

const spaced = css({ mt: '4', mb: { base: '0', md: '4' } });

export interface RegisterBarProps {
  counts: Record<StudentStatus, number>;
  hint: string;
  error: string | null;
  saving: boolean;
  disabled: boolean;
  onSave: () => void;
}

/** Stays at the bottom of the screen, under the thumb: the counts so far and the one button that saves. */
export function RegisterBar({ counts, hint, error, saving, disabled, onSave }: RegisterBarProps) {
  return (
    <SaveBar
      className={spaced}
      label={t`Save the register`}
      summary={countsLine(counts)}
      hint={hint}
      error={error}
      saving={saving}
      disabled={disabled}
      onSave={onSave}
      saveLabel={<Trans>Save register</Trans>}
    />
  );
}
