import { t } from '@lingui/core/macro';
import { GraduationCap } from 'lucide-react';
import { css, cx } from 'styled-system/css';

/** Shown where a school has no name yet. */
// i18n-ignore: a name.
export const FALLBACK_SCHOOL_NAME = 'Spark School';

const styles = {
  root: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    h: 'topbar',
    px: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
    flexShrink: '0',
  }),
  rail: css({ justifyContent: 'center', px: '0' }),
  name: css({ fontWeight: 'semibold', fontSize: 'md', letterSpacing: 'tight', whiteSpace: 'nowrap' }),
};

const markStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'lg',
  bg: 'brand.solid',
  color: 'fg.inverted',
  flexShrink: '0',
});

/** The product's square mark, as every portal's top bar or menu shows it. */
export function BrandMark() {
  return (
    <span className={markStyle}>
      <GraduationCap size={18} aria-hidden="true" />
    </span>
  );
}

/** The product mark at the top of the side menu. */
export function Brand({ rail = false }: { rail?: boolean }) {
  return (
    <div className={cx(styles.root, rail && styles.rail)}>
      <BrandMark />
      <span className={rail ? css({ srOnly: true }) : styles.name}>{t`School Portal`}</span>
    </div>
  );
}
