import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell, Inbox, PenSquare, Send } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Button } from '~/components/ui/button';
import { lazyPart } from '~/components/ui/lazy-part';
import { PageHeader } from '~/components/ui/page-header';
import * as Tabs from '~/components/ui/tabs';
import type { ClassRef } from '~/lib/answers';
import type { ApiClient } from '~/lib/api';
import { type Audience, unreadQuery } from '../api';
import { InboxPanel } from './inbox-panel';

// Opened on a click: its code loads once the screen has drawn.
const ComposerDialog = lazyPart(() => import('./composer-dialog').then((m) => m.ComposerDialog));

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  count: css({ ms: '1', color: 'brand.fg', fontVariantNumeric: 'tabular-nums' }),
  content: css({ pt: '4' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
};

export interface MessagesScreenProps {
  client: ApiClient;
  /** The school's: message times are shown on its clock. */
  timeZone?: string;
  audiences: readonly Audience[];
  classes: readonly ClassRef[];
  /** Without it the screen draws its own heading (the office's pages have one; the teacher's bar names the page). */
  heading?: boolean;
  /** The portal's page of notification choices, linked beside "New message". */
  notifications: '/notifications' | '/teacher/notifications';
}

/** A writer's messages: their inbox and what they sent, and "New message" opening the composer. */
export function MessagesScreen(props: MessagesScreenProps) {
  const { client, audiences, classes, heading = true, timeZone, notifications } = props;
  const [tab, setTab] = useState<'inbox' | 'sent'>('inbox');
  const [composing, setComposing] = useState(false);
  const unread = useQuery(unreadQuery(client)).data?.unread ?? 0;
  const compose = (
    <>
      <Button onClick={() => setComposing(true)}>
        <PenSquare size={16} aria-hidden="true" />
        <Trans>New message</Trans>
      </Button>
      <Link to={notifications} className={button({ variant: 'outline', size: 'md' })}>
        <Bell size={16} aria-hidden="true" />
        <Trans>Notifications</Trans>
      </Link>
    </>
  );
  return (
    <div className={styles.page}>
      {heading ? (
        <PageHeader
          title={t`Messages`}
          description={t`Announcements to the whole school, a grade, a class, its parents or the staff.`}
          actions={compose}
        />
      ) : (
        <div className={styles.actions}>{compose}</div>
      )}
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as 'inbox' | 'sent')}>
        <Tabs.List>
          <Tabs.Trigger value="inbox">
            <Inbox size={16} aria-hidden="true" />
            <Trans>Inbox</Trans>
            {unread > 0 ? <span className={styles.count}>{unread}</span> : null}
          </Tabs.Trigger>
          <Tabs.Trigger value="sent">
            <Send size={16} aria-hidden="true" />
            <Trans>Sent</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="inbox" className={styles.content}>
          <InboxPanel client={client} timeZone={timeZone} />
        </Tabs.Content>
        <Tabs.Content value="sent" className={styles.content}>
          <InboxPanel client={client} timeZone={timeZone} sent />
        </Tabs.Content>
      </Tabs.Root>
      <ComposerDialog
        open={composing}
        onOpenChange={setComposing}
        client={client}
        audiences={audiences}
        classes={classes}
      />
    </div>
  );
}
