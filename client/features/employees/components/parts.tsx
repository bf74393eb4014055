import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FileText, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import * as Table from '~/components/ui/table';
import { initials } from '../format';
import { tableStyles } from './table-styles';

const styles = {
  card: css({ overflow: 'hidden' }),
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
  avatar: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: '0',
    borderRadius: 'full',
    bg: 'brand.subtle',
    color: 'brand.fg',
    fontWeight: 'semibold',
  }),
  avatarSm: css({ w: '8', h: '8', fontSize: 'xs' }),
  avatarMd: css({ w: '10', h: '10', fontSize: 'sm' }),
};

export interface SectionCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** The section's own actions, top right. */
  actions?: ReactNode;
  /** Filters between the header and the content. */
  toolbar?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}

/** A tab's section in one card: title, one line, its actions, then a table or list edge to edge. */
export function SectionCard({ title, description, actions, toolbar, children, className, id }: SectionCardProps) {
  return (
    <Card.Root className={cx(styles.card, className)} aria-labelledby={id}>
      <Card.Header className={styles.header}>
        <div className={styles.text}>
          <Card.Title id={id}>{title}</Card.Title>
          {description ? <Card.Description>{description}</Card.Description> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </Card.Header>
      {toolbar}
      {children}
    </Card.Root>
  );
}

export function Avatar({ name, size = 'sm' }: { name: string; size?: 'sm' | 'md' }) {
  return (
    <span className={cx(styles.avatar, size === 'sm' ? styles.avatarSm : styles.avatarMd)} aria-hidden="true">
      {initials(name)}
    </span>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? t`Active` : t`Inactive`}</Badge>;
}

/** The first cell of a person's row: avatar, name and one line below it when there is one. */
export function PersonCell({ name, detail }: { name: string; detail?: string | null }) {
  return (
    <Table.Cell data-primary>
      <span className={tableStyles.person}>
        <Avatar name={name} />
        <span>
          <span className={tableStyles.primary}>{name}</span>
          {detail ? <span className={tableStyles.secondary}>{detail}</span> : null}
        </span>
      </span>
    </Table.Cell>
  );
}

export function PhoneCell({ phone }: { phone?: string | null }) {
  return (
    <Table.Cell data-label={t`Phone`} className={tableStyles.nowrap}>
      {phone || (
        <span className={tableStyles.quiet}>
          <Trans>Not provided</Trans>
        </span>
      )}
    </Table.Cell>
  );
}

export interface RowActionsProps {
  name: string;
  active: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onReactivate: () => void;
  /** When given, a Documents button comes first. */
  onDocuments?: () => void;
}

/** Documents where the screen keeps them, Edit, then Delete while the person is active or Reactivate once they are not. */
export function RowActionsCell({ name, active, onEdit, onDelete, onReactivate, onDocuments }: RowActionsProps) {
  return (
    <Table.Cell data-actions>
      <span className={tableStyles.actions}>
        {onDocuments ? (
          <Button size="sm" variant="ghost" onClick={onDocuments} aria-label={t`Documents of ${name}`}>
            <FileText size={14} aria-hidden="true" />
            <Trans>Documents</Trans>
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onEdit} aria-label={t`Edit ${name}`}>
          <Pencil size={14} aria-hidden="true" />
          <Trans>Edit</Trans>
        </Button>
        {active ? (
          <Button size="sm" variant="ghost" color="danger.fg" onClick={onDelete} aria-label={t`Delete ${name}`}>
            <Trash2 size={14} aria-hidden="true" />
            <Trans>Delete</Trans>
          </Button>
        ) : (
          <Button size="sm" variant="ghost" onClick={onReactivate} aria-label={t`Reactivate ${name}`}>
            <RotateCcw size={14} aria-hidden="true" />
            <Trans>Reactivate</Trans>
          </Button>
        )}
      </span>
    </Table.Cell>
  );
}
