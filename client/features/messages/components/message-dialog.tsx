import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Dialog from '~/components/ui/dialog';
import { Skeleton } from '~/components/ui/skeleton';
import type { ApiClient } from '~/lib/api';
import { messageKeys, messageQuery } from '../api';
import { audienceLabel, sentAtLabel } from '../format';

const styles = {
  meta: css({ color: 'fg.muted', fontSize: 'sm' }),
  body: css({ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: { base: 'md', md: 'sm' }, lineHeight: '1.6' }),
};

/** One message, whole; opening it marks it read, so the inbox and the badge are asked again. */
export function MessageDialog({
  client,
  id,
  onClose,
  timeZone,
}: {
  client: ApiClient;
  id: string | null;
  onClose: () => void;
  /** The school's: times are shown on its clock. */
  timeZone?: string;
}) {
  const queryClient = useQueryClient();
  const message = useQuery({ ...messageQuery(client, id ?? ''), enabled: Boolean(id) });
  const opened = message.data?._id;
  useEffect(() => {
    if (!opened) return;
    void queryClient.invalidateQueries({ queryKey: messageKeys.inboxes });
    void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
  }, [opened, queryClient]);
  const data = message.data;
  return (
    <Dialog.Root open={Boolean(id)} onOpenChange={(details) => (details.open ? undefined : onClose())}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>{data ? <bdi>{data.subject}</bdi> : <Skeleton h="6" w="48" />}</Dialog.Title>
          <Dialog.Description className={styles.meta}>
            {data ? (
              <>
                {data.author?.name ?? <Trans>School office</Trans>} · {audienceLabel(data)} ·{' '}
                {sentAtLabel(data.sentAt, timeZone)}
              </>
            ) : null}
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          {data ? (
            <p className={styles.body} dir="auto">
              {data.body}
            </p>
          ) : (
            <Skeleton h="20" w="full" />
          )}
        </Dialog.Body>
        <Dialog.Footer pt="5">
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Dialog.Footer>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
