import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';

const styles = {
  root: css({ overflow: 'hidden' }),
  header: css({
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'flex-start' },
    justifyContent: 'space-between',
    gap: '3',
    pb: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2', flexShrink: '0' }),
};

export interface TabCardProps {
  title: string;
  description: ReactNode;
  /** The tab's own action (e.g. 'Add Schedule'), at the card's top right. */
  action?: ReactNode;
  /** Filters or counts between the header and the content. */
  toolbar?: ReactNode;
  children: ReactNode;
}

/** A tab's content in one card: title, one line, its action, then a table or list edge to edge. */
export function TabCard({ title, description, action, toolbar, children }: TabCardProps) {
  return (
    <Card.Root className={styles.root}>
      <Card.Header className={styles.header}>
        <div className={styles.text}>
          <Card.Title>{title}</Card.Title>
          <Card.Description>{description}</Card.Description>
        </div>
        {action ? <div className={styles.actions}>{action}</div> : null}
      </Card.Header>
      {toolbar}
      {children}
    </Card.Root>
  );
}
