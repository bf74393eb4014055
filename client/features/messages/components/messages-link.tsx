import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { ApiClient } from '~/lib/api';
import { unreadQuery, useLiveInbox } from '../api';

const styles = {
  link: css({ position: 'relative', px: '3', gap: '2' }),
  label: css({ display: { base: 'none', sm: 'inline' } }),
  count: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minW: '5',
    h: '5',
    px: '1.5',
    borderRadius: 'full',
    bg: 'danger.solid',
    color: 'fg.inverted',
    fontSize: 'xs',
    fontWeight: 'semibold',
    lineHeight: '1',
    textAlign: 'center',
    fontVariantNumeric: 'tabular-nums',
  }),
};

/** "Messages" in a portal's bar, with the unread count as a badge that follows the room's events. */
export function MessagesLink({ client, to }: { client: ApiClient; to: LinkProps['to'] }) {
  const unread = useQuery(unreadQuery(client)).data?.unread ?? 0;
  useLiveInbox();
  return (
    <Link
      to={to}
      className={cx(button({ variant: 'ghost', size: 'md' }), styles.link)}
      aria-label={unread > 0 ? t`Messages, ${unread} unread` : t`Messages`}
      data-testid="messages-link"
    >
      <Mail size={18} aria-hidden="true" />
      <span className={styles.label}>
        <Trans>Messages</Trans>
      </span>
      {unread > 0 ? (
        <span className={styles.count} data-testid="unread-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
