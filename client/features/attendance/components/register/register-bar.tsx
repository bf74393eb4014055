import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Save, TriangleAlert } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import type { StudentStatus } from '../../api';
import { countsLine } from '../../format';

const styles = {
  bar: css({
    position: 'sticky',
    bottom: { base: '0', md: '4' },
    zIndex: 'docked',
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) auto' },
    alignItems: 'center',
    gap: { base: '2', md: '4' },
    mt: '4',
    mb: { base: '0', md: '4' },
    mx: { base: '-4', md: '0' },
    px: { base: '4', md: '5' },
    pt: '3',
    pb: 'max(token(spacing.3), env(safe-area-inset-bottom))',
    bg: 'surface',
    borderTopWidth: '1px',
    borderWidth: { md: '1px' },
    borderColor: 'border',
    borderRadius: { base: '0', md: 'card' },
    boxShadow: 'overlay',
  }),
  text: css({ display: 'flex', flexDirection: 'column', minW: '0' }),
  counts: css({ fontWeight: 'semibold', fontSize: { base: 'md', md: 'sm' }, fontVariantNumeric: 'tabular-nums' }),
  hint: css({ fontSize: 'xs', color: 'fg.muted' }),
  error: css({
    gridColumn: '1 / -1',
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    fontSize: 'sm',
    color: 'danger.fg',
  }),
  save: css({ w: { base: 'full', md: 'auto' }, minW: { md: '44' } }),
};

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
    <section className={styles.bar} aria-label={t`Save the register`}>
      {error ? (
        <p className={styles.error} role="alert">
          <TriangleAlert size={16} aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
      <div className={styles.text}>
        <p className={styles.counts} aria-live="polite">
          {countsLine(counts)}
        </p>
        <p className={styles.hint}>{hint}</p>
      </div>
      <Button
        size="lg"
        className={styles.save}
        onClick={onSave}
        loading={saving}
        loadingText={t`Saving...`}
        disabled={disabled}
      >
        <Save size={18} aria-hidden="true" />
        <Trans>Save register</Trans>
      </Button>
    </section>
  );
}
