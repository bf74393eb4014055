import { t } from '@lingui/core/macro';
import { Save, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '~/components/ui/button';

const styles = {
  bar: css({
    position: 'sticky',
    bottom: { base: '0', md: '4' },
    zIndex: 'docked',
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) auto' },
    alignItems: 'center',
    gap: { base: '2', md: '4' },
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
  summary: css({ fontWeight: 'semibold', fontSize: { base: 'md', md: 'sm' }, fontVariantNumeric: 'tabular-nums' }),
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

export interface SaveBarProps {
  /** Names the bar for a screen reader, e.g. 'Save the register'. */
  label: string;
  /** The counts so far, read out as they change. */
  summary: ReactNode;
  hint: ReactNode;
  error: string | null;
  saving: boolean;
  disabled: boolean;
  onSave: () => void;
  /** The button's words, e.g. 'Save marks'. */
  saveLabel: ReactNode;
  className?: string;
}

/**
 * A class list's one save, kept at the bottom of the screen under the thumb: the counts so far, a hint, the
 * server's refusal when there is one, and the button. The register and the marks sheet share it.
 */
export function SaveBar({ label, summary, hint, error, saving, disabled, onSave, saveLabel, className }: SaveBarProps) {
  return (
    <section className={cx(styles.bar, className)} aria-label={label}>
      {error ? (
        <p className={styles.error} role="alert">
          <TriangleAlert size={16} aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
      <div className={styles.text}>
        <p className={styles.summary} aria-live="polite">
          {summary}
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
        {saveLabel}
      </Button>
    </section>
  );
}
