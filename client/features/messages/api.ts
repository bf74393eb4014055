import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassRef, Data, Row } from '~/lib/answers';
import type { ApiClient } from '~/lib/api';
import type { CallJson } from '~/lib/calls';
import { useRealtimeEvent } from '~/lib/realtime';
import type { getMessageAnswer, inboxAnswer } from '../../../worker/modules/messages/answers';

export type MessageSummary = Row<typeof inboxAnswer>;
export type Message = Data<typeof getMessageAnswer>;
export type MessageBody = CallJson<'POST /messages'>;
export type Audience = MessageBody['audience'];

/** Every audience, in the order the composer offers them; teachers are offered the two that name a class. */
export const ALL_AUDIENCES: readonly Audience[] = ['school', 'grade', 'class', 'class_parents', 'teachers', 'staff'];
export const CLASS_AUDIENCES: readonly Audience[] = ['class_parents', 'class'];

export const messageKeys = {
  all: ['messages'] as const,
  inboxes: ['messages', 'inbox'] as const,
  inbox: (limit: number) => ['messages', 'inbox', limit] as const,
  sent: (limit: number) => ['messages', 'sent', limit] as const,
  unread: ['messages', 'unread'] as const,
  one: (id: string) => ['messages', 'one', id] as const,
};

/** The caller's inbox, newest first, with how many there are. */
export const inboxQuery = (client: ApiClient, limit: number) =>
  queryOptions({
    queryKey: messageKeys.inbox(limit),
    queryFn: ({ signal }) => client.callBody('GET /messages/inbox', { query: { limit } }, { signal }),
  });

export const sentQuery = (client: ApiClient, limit: number) =>
  queryOptions({
    queryKey: messageKeys.sent(limit),
    queryFn: ({ signal }) => client.callBody('GET /messages/sent', { query: { limit } }, { signal }),
  });

/** The badge: how many of the caller's messages are unread. */
export const unreadQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => client.call('GET /messages/unread', undefined, { signal }),
  });

/** One message; opening it marks the caller's copy read, so the inbox and the badge are asked again. */
export const messageQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: messageKeys.one(id),
    queryFn: ({ signal }) => client.call('GET /messages/:id', { param: { id } }, { signal }),
  });

export function useSendMessage(client: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageBody) => client.call('POST /messages', { json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** Live: a message arrived or was read on another device: the inbox and its badge are asked again. */
export function useLiveInbox() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type === 'inbox_updated') void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  });
}

/** The classes the writer may name: every class of the school for the office, a teacher's own for a teacher. */
export const officeClassesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['messages', 'classes', 'office'] as const,
    queryFn: async ({ signal }): Promise<ClassRef[]> =>
      (await client.call('GET /classes', { query: { limit: 500 } }, { signal })).map((c) => ({
        _id: c._id,
        name: c.name,
        section: c.section,
      })),
    staleTime: 5 * 60_000,
  });

/** A teacher's classes: those they lead and those whose subjects they teach. */
export const teacherClassesQuery = (client: ApiClient, teacherId: string) =>
  queryOptions({
    queryKey: ['messages', 'classes', teacherId] as const,
    queryFn: async ({ signal }): Promise<ClassRef[]> => {
      const teacher = await client.call('GET /teachers/:id', { param: { id: teacherId } }, { signal });
      const all = [
        ...teacher.assignedClasses.map((c) => ({ _id: c._id, name: c.name, section: c.section })),
        ...teacher.assignedSubjects.flatMap((s) => (s.classId ? [s.classId] : [])),
      ];
      return [...new Map(all.map((c) => [c._id, c])).values()].sort(
        (a, b) => Number(a.name) - Number(b.name) || a.section.localeCompare(b.section),
      );
    },
    staleTime: 5 * 60_000,
  });
