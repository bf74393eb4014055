import { z } from 'zod';
import { type AudienceKind, audienceKinds, classNames } from '../../db/schema';
import { pagingQuery } from '../../lib/paging';

export const NOT_YOUR_AUDIENCE = 'Teachers write to the classes they teach and those classes’ parents only';
export const EMPTY_AUDIENCE = 'Nobody is in this audience yet';
export const MESSAGE_SENT = 'Message sent';
/** Announcements a school may send in any hour; absence alerts (next) are not counted here. */
export const MESSAGES_PER_HOUR = 20;
/** How much of a message's body an inbox row shows. */
export const PREVIEW_LENGTH = 160;

/** The audiences that name a class, and the one that names a grade. */
export const CLASS_AUDIENCES: readonly AudienceKind[] = ['class', 'class_parents'];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const messageBody = z
  .object({
    audience: z.enum(audienceKinds, {
      error: 'Audience must be one of school, grade, class, teachers, staff, class_parents',
    }),
    classId: z.string().trim().min(1, 'Class is required').max(64, 'Class must be an id').optional(),
    grade: z.enum(classNames, { error: 'Grade must be one of 1 to 12' }).optional(),
    subject: text('Subject', 150),
    body: text('Message', 5000),
  })
  .superRefine((m, issue) => {
    if (CLASS_AUDIENCES.includes(m.audience) && !m.classId)
      issue.addIssue({ code: 'custom', message: 'Class is required', path: ['classId'] });
    if (m.audience === 'grade' && !m.grade)
      issue.addIssue({ code: 'custom', message: 'Grade is required', path: ['grade'] });
  });
export type MessageInput = z.infer<typeof messageBody>;

export const inboxQuery = pagingQuery(20, 100).extend({
  unread: z.enum(['true', 'false'], { error: 'Unread must be true or false' }).optional(),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

export const sentQuery = pagingQuery(20, 100);
export type SentQuery = z.infer<typeof sentQuery>;

/** A message's key from the path: a number; anything else finds nothing (404), as another school's does. */
export const messageKey = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : -1);

export const CHOICES_SAVED = 'Notification choices saved';
const channelChoice = z.strictObject(
  {
    email: z.boolean({ error: 'E-mail must be true or false' }),
    push: z.boolean({ error: 'Push must be true or false' }),
  },
  { error: 'Choose e-mail and push, each true or false' },
);
/**
 * Each kind of message, with its channels on or off: the portal's inbox always receives. Homework reminders reach
 * students only, so a screen that does not show them may leave them out: their choice then stays as it was.
 */
export const choicesBody = z.strictObject({
  announcements: channelChoice,
  alerts: channelChoice,
  reminders: channelChoice.optional(),
});
export type ChoicesInput = z.infer<typeof choicesBody>;

export const PHONE_SUBSCRIBED = 'Notifications are on for this phone';
export const PHONE_UNSUBSCRIBED = 'Notifications are off for this phone';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** A push service's address: https, or http on this machine (a local stand-in); never another scheme. */
const endpoint = z
  .string({ error: 'Endpoint is required' })
  .trim()
  .max(2000, 'Endpoint must be at most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
    } catch {
      return false;
    }
  }, 'Endpoint must be an https address');
const BAD_KEYS = 'The subscription keys are not valid';
const key = (min: number, max: number) =>
  z
    .string({ error: BAD_KEYS })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, BAD_KEYS)
    .min(min, BAD_KEYS)
    .max(max, BAD_KEYS);
/** What `PushSubscription.toJSON()` gives in the browser (its expiry is not kept). */
export const pushSubscriptionBody = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: key(86, 90), auth: key(21, 25) }, { error: BAD_KEYS }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionBody>;
export const pushEndpointBody = z.strictObject({ endpoint });

/** An unsubscribe link's token, from the query (the e-mail's link and its one-click `List-Unsubscribe`). */
export const unsubscribeQuery = z.object({
  token: z
    .string({ error: 'The link is incomplete' })
    .min(10, 'The link is incomplete')
    .max(300, 'The link is incomplete'),
});
