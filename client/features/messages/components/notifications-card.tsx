import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BellOff, BellRing } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import type { ApiClient } from '~/lib/api';
import { toast } from '~/lib/toast';
import {
  type ChannelChoices,
  choicesQuery,
  currentSubscription,
  pushKeyQuery,
  pushSupported,
  turnOffPush,
  turnOnPush,
  useSaveChoices,
} from '../notifications';

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  kind: css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0' }),
  legend: css({ fontWeight: 'semibold', mb: '1' }),
  note: css({ fontSize: 'sm', color: 'fg.muted' }),
  actions: css({ display: 'flex', justifyContent: 'flex-end' }),
  phone: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
    pt: '4',
  }),
  phoneTitle: css({ fontWeight: 'semibold' }),
  phoneButton: css({ alignSelf: { base: 'stretch', md: 'flex-start' } }),
};

export type Kind = keyof ChannelChoices;

/**
 * The kinds of message each receives: parents alerts and announcements; students their homework reminders too;
 * staff announcements only (alerts and reminders go to families).
 */
export const PARENT_KINDS: readonly Kind[] = ['alerts', 'announcements'];
export const STUDENT_KINDS: readonly Kind[] = ['reminders', 'alerts', 'announcements'];
export const STAFF_KINDS: readonly Kind[] = ['announcements'];

function ChoicesForm({ client, saved, shown }: { client: ApiClient; saved: ChannelChoices; shown: readonly Kind[] }) {
  const [draft, setDraft] = useState<ChannelChoices>(saved);
  const save = useSaveChoices(client);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = (kind: Kind, channel: 'email' | 'push', on: boolean) =>
    setDraft((current) => ({ ...current, [kind]: { ...current[kind], [channel]: on } }));
  const labels: Record<Kind, string> = {
    alerts: t`Absence alerts`,
    announcements: t`Announcements`,
    reminders: t`Homework reminders`,
  };
  const kinds = shown.map((kind) => ({ kind, label: labels[kind] }));
  return (
    <div className={styles.body}>
      {kinds.map(({ kind, label }) => (
        <fieldset key={kind} className={styles.kind}>
          <legend className={styles.legend}>{label}</legend>
          <Checkbox checked={draft[kind].email} onCheckedChange={(d) => set(kind, 'email', d.checked === true)}>
            <Trans>By e-mail</Trans>
          </Checkbox>
          <Checkbox checked={draft[kind].push} onCheckedChange={(d) => set(kind, 'push', d.checked === true)}>
            <Trans>On my phones with notifications on</Trans>
          </Checkbox>
        </fieldset>
      ))}
      <p className={styles.note}>
        <Trans>Every message also stays in your Messages here, whatever you choose.</Trans>
      </p>
      <div className={styles.actions}>
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(draft, {
              onSuccess: () => toast.success(t`Notification choices saved`),
              onError: (error) => toast.error(t`Your choices were not saved`, { description: error.message }),
            })
          }
        >
          <Trans>Save choices</Trans>
        </Button>
      </div>
    </div>
  );
}

/** This phone's Web Push: on (asks permission, subscribes) or off; says why when it cannot. */
function PhonePush({ client, shown }: { client: ApiClient; shown: readonly Kind[] }) {
  const key = useQuery(pushKeyQuery(client));
  const [state, setState] = useState<'checking' | 'on' | 'off' | 'busy'>('checking');
  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((s) => live && setState(s && Notification.permission === 'granted' ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);
  const publicKey = key.data?.publicKey ?? null;
  const turnOn = async () => {
    if (!publicKey) return;
    setState('busy');
    try {
      const result = await turnOnPush(client, publicKey);
      setState(result === 'on' ? 'on' : 'off');
      if (result === 'on') toast.success(t`Notifications are on for this phone`);
      else
        toast.error(t`Notifications are blocked`, {
          description: t`Allow notifications for this site in the browser's settings.`,
        });
    } catch (error) {
      setState('off');
      toast.error(t`Notifications could not be turned on`, { description: (error as Error).message });
    }
  };
  const turnOff = async () => {
    setState('busy');
    try {
      await turnOffPush(client);
      setState('off');
      toast.success(t`Notifications are off for this phone`);
    } catch (error) {
      setState('on');
      toast.error(t`Notifications could not be turned off`, { description: (error as Error).message });
    }
  };
  let content: ReactNode;
  if (!pushSupported()) content = <p className={styles.note}>{t`This browser cannot show notifications.`}</p>;
  else if (key.isSuccess && !publicKey)
    content = <p className={styles.note}>{t`The school has not set up notifications yet.`}</p>;
  else if (state === 'on')
    content = (
      <>
        <p className={styles.note} data-testid="phone-push-state">{t`Notifications are on for this phone.`}</p>
        <Button variant="outline" className={styles.phoneButton} onClick={() => void turnOff()}>
          <BellOff size={18} aria-hidden="true" />
          <Trans>Turn off notifications on this phone</Trans>
        </Button>
      </>
    );
  else
    content = (
      <>
        <p className={styles.note} data-testid="phone-push-state">
          {shown.includes('reminders')
            ? t`Get homework reminders, absence alerts and announcements on this phone as soon as they are sent.`
            : shown.includes('alerts')
              ? t`Get absence alerts and announcements on this phone as soon as they are sent.`
              : t`Get announcements on this phone as soon as they are sent.`}
        </p>
        <Button
          className={styles.phoneButton}
          onClick={() => void turnOn()}
          loading={state === 'busy' || state === 'checking'}
          disabled={!publicKey}
        >
          <BellRing size={18} aria-hidden="true" />
          <Trans>Turn on notifications on this phone</Trans>
        </Button>
      </>
    );
  return (
    <div className={styles.phone}>
      <p className={styles.phoneTitle}>
        <Trans>This phone</Trans>
      </p>
      {content}
    </div>
  );
}

/**
 * How messages reach this account beyond the portal: e-mail and push per kind (`kinds`: those the account
 * receives), and this phone's notifications. The family, teacher and office pages all draw this card.
 */
export function NotificationsCard({ client, kinds = PARENT_KINDS }: { client: ApiClient; kinds?: readonly Kind[] }) {
  const choices = useQuery(choicesQuery(client));
  return (
    <Card.Root aria-labelledby="notifications-title">
      <Card.Header>
        <Card.Title id="notifications-title">
          <Trans>How messages reach you</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Choose, for each kind of message, e-mail and notifications on your phones.</Trans>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {choices.isPending ? (
          <Skeleton h="40" />
        ) : choices.isError ? (
          <ErrorState
            title={t`Your choices could not be loaded`}
            description={choices.error.message}
            onRetry={() => void choices.refetch()}
            retrying={choices.isFetching}
          />
        ) : (
          <ChoicesForm client={client} saved={choices.data} shown={kinds} />
        )}
        <PhonePush client={client} shown={kinds} />
      </Card.Body>
    </Card.Root>
  );
}
