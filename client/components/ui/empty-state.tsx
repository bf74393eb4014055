import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const styles = {
  root: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: '3',
    px: '6',
    py: { base: '10', md: '14' },
  }),
  icon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '12',
    h: '12',
    borderRadius: 'full',
    bg: 'brand.subtle',
    color: 'brand.fg',
  }),
  title: css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg' }),
  description: css({ color: 'fg.muted', maxW: 'md' }),
};

export interface EmptyStateProps {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** The action that fills the empty space, if there is one. */
  action?: ReactNode;
  /** Heading level for the title; defaults to h2. */
  as?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ icon: Icon, title, description, action, as: Heading = 'h2' }: EmptyStateProps) {
  return (
    <div className={styles.root}>
      <span className={styles.icon}>
        <Icon size={22} aria-hidden="true" />
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action}
    </div>
  );
}
