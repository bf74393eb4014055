import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';

export const listStyles = {
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', m: '0', p: '0' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0', pt: '0' },
    _last: { pb: '0' },
  }),
  main: css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: '1', minW: '0' }),
  title: css({ fontWeight: 'medium', color: 'fg', lineHeight: '1.4', overflowWrap: 'anywhere' }),
  meta: css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' }),
  end: css({ display: 'flex', alignItems: 'center', gap: '2', flexShrink: '0' }),
  avatar: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '9',
    h: '9',
    borderRadius: 'full',
    bg: 'brand.subtle',
    color: 'brand.fg',
    fontSize: 'xs',
    fontWeight: 'semibold',
    flexShrink: '0',
  }),
};

const styles = {
  header: css({
    display: 'flex',
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
  }),
  headerText: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  body: css({ flex: '1' }),
};

export interface PanelProps {
  title: string;
  description?: string;
  /** A button or link at the header's right. */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  busy?: boolean;
}

/** A dashboard card with a title row and a body. */
export function Panel({ title, description, action, children, className, busy }: PanelProps) {
  return (
    <Card.Root className={className}>
      <Card.Header className={styles.header}>
        <div className={styles.headerText}>
          <Card.Title>{title}</Card.Title>
          {description ? <Card.Description>{description}</Card.Description> : null}
        </div>
        {action}
      </Card.Header>
      <Card.Body className={styles.body} aria-busy={busy || undefined}>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** Rows of placeholder shapes while a list loads. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <ul className={listStyles.list}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={index} className={listStyles.item}>
          <Skeleton variant="circle" w="9" h="9" />
          <div className={listStyles.main}>
            <Skeleton variant="text" w="40" />
            <Skeleton variant="text" w="24" h="3" />
          </div>
        </li>
      ))}
    </ul>
  );
}
