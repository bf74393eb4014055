import { z } from 'zod';
import { choiceKinds, messageKinds, roles } from '../../db/schema';
import { classRef, list, success } from '../../lib/answer-shapes';

// The answers of the messages calls, declared once: the routes name them; the OpenAPI document and the client read them.

const author = z.strictObject({ name: z.string(), role: z.enum(roles) }).nullable();

/** What an inbox or the sent list shows of a message: its subject and the start of its text. */
export const messageSummary = z.strictObject({
  _id: z.string(),
  subject: z.string(),
  preview: z.string(),
  author,
  /** Whom it was written to, or `absence_alert`: the school's alert of a child's absence, made by the registers. */
  audience: z.enum(messageKinds),
  class: classRef.nullable(),
  grade: z.string().nullable(),
  sentAt: z.string(),
  /** When the caller read it; null while unread (always null in the sent list). */
  readAt: z.string().nullable(),
  /** How many accounts it reached: told to its author and the office only. */
  recipientCount: z.number().int().nullable(),
});

export const message = messageSummary.omit({ preview: true }).extend({ body: z.string() });

export const inboxAnswer = list(messageSummary);
export const sentAnswer = list(messageSummary);
export const unreadAnswer = success(z.strictObject({ unread: z.number().int() }));
export const getMessageAnswer = success(message);
export const sendMessageAnswer = success(message);

const channels = z.strictObject({ email: z.boolean(), push: z.boolean() });
/** The caller's channels per kind of message. */
export const choicesAnswer = success(
  z.strictObject({ announcements: channels, alerts: channels, reminders: channels }),
);

/** Web Push: whether the server can push, and the key a phone subscribes with. */
export const pushKeyAnswer = success(z.strictObject({ configured: z.boolean(), publicKey: z.string().nullable() }));
export const pushSubscriptionAnswer = success(z.strictObject({ endpoint: z.string(), subscribed: z.boolean() }));

/** An unsubscribe link: the kind of message it stops by e-mail, the school, and whether that e-mail is still on. */
export const unsubscribeInfoAnswer = success(
  z.strictObject({ kind: z.enum(choiceKinds), school: z.string(), email: z.boolean() }),
);
export const unsubscribeAnswer = success(z.strictObject({ kind: z.enum(choiceKinds), email: z.literal(false) }));
