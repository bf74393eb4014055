import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarX2, Inbox, Send } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { lazyPart } from '~/components/ui/lazy-part';
import { Skeleton } from '~/components/ui/skeleton';
import type { ApiClient } from '~/lib/api';
import { inboxQuery, type MessageSummary, sentQuery, useLiveInbox } from '../api';
import { audienceLabel, isAbsenceAlert, sentAtLabel } from '../format';

// Opened on a click: its code loads once the list has drawn.
const MessageDialog = lazyPart(
  () => import('./message-dialog').then((m) => m.MessageDialog),
  (props) => props.id !== null,
);

const PAGE = 20;

const styles = {
  list: css({ display: 'flex', flexDirection: 'column' }),
  row: css({
    display: 'grid',
    gridTemplateColumns: '0.5rem minmax(0, 1fr) auto',
    gap: '3',
    alignItems: 'start',
    w: 'full',
    minH: '11',
    px: { base: '4', md: '5' },
    py: '3',
    textAlign: 'start',
    borderBottomWidth: '1px',
    borderColor: 'border',
    cursor: 'pointer',
    _hover: { bg: 'surface.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' },
    _last: { borderBottomWidth: '0' },
  }),
  dot: css({ w: '2', h: '2', mt: '1.5', borderRadius: 'full' }),
  unreadDot: css({ bg: 'brand.solid' }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  subject: css({ fontSize: { base: 'md', md: 'sm' }, color: 'fg', truncate: true }),
  unread: css({ fontWeight: 'semibold' }),
  meta: css({ fontSize: 'xs', color: 'fg.muted', truncate: true }),
  preview: css({ fontSize: 'sm', color: 'fg.muted', truncate: true }),
  // An alert's text is what matters: the child, the day and the periods, on two lines where a phone needs them.
  alertPreview: css({ fontSize: 'sm', color: 'fg', lineClamp: '3' }),
  // The child's name and the day must show whole on a phone.
  wrap: css({ whiteSpace: 'normal', overflow: 'visible' }),
  alertMeta: css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0', flexWrap: 'wrap' }),
  when: css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }),
  more: css({ display: 'flex', justifyContent: 'center', p: '3', borderTopWidth: '1px', borderColor: 'border' }),
  skeletons: css({ display: 'flex', flexDirection: 'column', gap: '3', p: '5' }),
};

interface RowProps {
  message: MessageSummary;
  sent: boolean;
  onOpen: () => void;
  timeZone: string | undefined;
}

function MessageRow({ message, sent, onOpen, timeZone }: RowProps) {
  const unread = !sent && message.readAt === null;
  const from = message.author?.name ?? t`School office`;
  const reach = message.recipientCount ?? 0;
  const audience = audienceLabel(message);
  const alert = isAbsenceAlert(message);
  return (
    <button type="button" className={styles.row} onClick={onOpen} data-unread={unread || undefined}>
      <span className={cx(styles.dot, unread && styles.unreadDot)} aria-hidden="true" />
      <span className={styles.text}>
        {unread ? <span className={css({ srOnly: true })}>{t`Unread:`}</span> : null}
        <span className={cx(styles.subject, unread && styles.unread, alert && styles.wrap)} dir="auto">
          {message.subject}
        </span>
        {alert ? (
          <span className={styles.alertMeta}>
            <Badge tone="danger" size="sm" data-testid="absence-alert-badge">
              <CalendarX2 size={12} aria-hidden="true" />
              {audience}
            </Badge>
            <span className={styles.meta}>{from}</span>
          </span>
        ) : (
          <span className={styles.meta}>{sent ? t`To ${audience} · ${reach} people` : `${from} · ${audience}`}</span>
        )}
        <span className={alert ? styles.alertPreview : styles.preview} dir="auto">
          {message.preview}
        </span>
      </span>
      <span className={styles.when}>{sentAtLabel(message.sentAt, timeZone)}</span>
    </button>
  );
}

/** A portal's inbox (or, with `sent`, what the caller sent): newest first, unread marked, a message opens whole. */
export function InboxPanel({
  client,
  sent = false,
  timeZone,
}: {
  client: ApiClient;
  sent?: boolean;
  /** The school's: times are shown on its clock, not the device's. */
  timeZone?: string;
}) {
  const [limit, setLimit] = useState(PAGE);
  const [open, setOpen] = useState<string | null>(null);
  const inbox = useQuery({ ...inboxQuery(client, limit), enabled: !sent });
  const sentList = useQuery({ ...sentQuery(client, limit), enabled: sent });
  const list = sent ? sentList : inbox;
  useLiveInbox();
  const rows = list.data?.data ?? [];
  return (
    <Card.Root>
      {list.isPending ? (
        <div className={styles.skeletons}>
          <Skeleton h="10" w="full" />
          <Skeleton h="10" w="full" />
          <Skeleton h="10" w="full" />
        </div>
      ) : list.isError ? (
        <ErrorState
          title={t`Messages could not be loaded`}
          description={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={sent ? Send : Inbox}
          title={sent ? t`Nothing sent yet` : t`No messages yet`}
          description={
            sent
              ? t`Messages you send appear here, with how many people they reached.`
              : t`Announcements and absence alerts from the school will appear here.`
          }
        />
      ) : (
        <div className={styles.list} data-testid={sent ? 'sent-list' : 'inbox-list'}>
          {rows.map((message) => (
            <MessageRow
              key={message._id}
              message={message}
              sent={sent}
              timeZone={timeZone}
              onOpen={() => setOpen(message._id)}
            />
          ))}
          {rows.length < (list.data?.total ?? 0) ? (
            <div className={styles.more}>
              <Button variant="outline" onClick={() => setLimit((current) => current + PAGE)}>
                <Trans>Show more</Trans>
              </Button>
            </div>
          ) : null}
        </div>
      )}
      <MessageDialog client={client} id={open} timeZone={timeZone} onClose={() => setOpen(null)} />
    </Card.Root>
  );
}
