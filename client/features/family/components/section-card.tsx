import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';

const styles = {
  header: css({
    display: 'flex',
    flexDirection: 'row',
    alignItems: 'center',
    gap: '3',
    px: { base: '4', md: '5' },
    pt: { base: '4', md: '5' },
  }),
  icon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '9',
    h: '9',
    borderRadius: 'lg',
    bg: 'brand.subtle',
    color: 'brand.fg',
    flexShrink: '0',
  }),
  text: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  aside: css({ flexShrink: '0', display: 'flex', alignItems: 'center' }),
  body: css({ px: { base: '4', md: '5' }, py: { base: '4', md: '5' } }),
};

export interface SectionCardProps {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  /** Something small at the header's right, e.g. a count or a badge. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One part of a child's page: a titled card that is also a labelled region. */
export function SectionCard({ title, icon: Icon, description, aside, children, className }: SectionCardProps) {
  const titleId = useId();
  return (
    <Card.Root aria-labelledby={titleId} className={className}>
      <Card.Header className={styles.header}>
        <span className={styles.icon}>
          <Icon size={18} aria-hidden="true" />
        </span>
        <div className={styles.text}>
          <Card.Title id={titleId}>{title}</Card.Title>
          {description ? <Card.Description>{description}</Card.Description> : null}
        </div>
        {aside ? <div className={styles.aside}>{aside}</div> : null}
      </Card.Header>
      <Card.Body className={styles.body}>{children}</Card.Body>
    </Card.Root>
  );
}
