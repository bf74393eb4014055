import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const styles = {
  root: css({
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    alignItems: { base: 'stretch', md: 'flex-end' },
    justifyContent: 'space-between',
    gap: '4',
    mb: '6',
  }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  title: css({
    fontSize: { base: '2xl', lg: '2xl' },
    fontWeight: 'semibold',
    letterSpacing: 'tight',
    lineHeight: '1.25',
  }),
  description: css({ color: 'fg.muted', fontSize: { base: 'md', lg: 'sm' } }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2', flexShrink: '0' }),
};

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** The screen's main action(s), shown at the top right. */
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className={styles.root}>
      <div className={styles.text}>
        <h1 className={styles.title}>{title}</h1>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
