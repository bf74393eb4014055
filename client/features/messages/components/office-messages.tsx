import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api';
import { useSession } from '~/lib/session';
import { ALL_AUDIENCES, officeClassesQuery } from '../api';
import { MessagesScreen } from './messages-screen';

/** The office's `/messages`: every audience, every class of the school. */
export function OfficeMessagesScreen() {
  const classes = useQuery(officeClassesQuery(api)).data ?? [];
  const timeZone = useSession().user?.school?.timeZone;
  return (
    <MessagesScreen
      client={api}
      audiences={ALL_AUDIENCES}
      classes={classes}
      timeZone={timeZone}
      notifications="/notifications"
    />
  );
}
