import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { choicesAnswer, getMessageAnswer, inboxAnswer, sendMessageAnswer, sentAnswer, unreadAnswer } from './answers';
import { myChoices, saveChoices } from './choices';
import { CHOICES_SAVED, choicesBody, inboxQuery, MESSAGE_SENT, messageBody, sentQuery } from './schemas';
import { inbox, readMessage, sendMessage, sentMessages, unreadCount } from './service';

/** The office and teachers write; everyone of the school reads their own inbox. */
const writer = requireAuth('school_admin', 'teacher');
const reader = requireAuth('school_admin', 'teacher', 'student', 'parent');

/** `/api/messages`: announcements and inboxes. The literal paths come before `/:id`. */
export const messagesRoutes = new Hono<HonoEnv>()
  .post(
    '/',
    contract({
      summary: 'Send a message',
      responses: { 201: sendMessageAnswer },
      refuses: ['RATE_LIMITED'],
    }),
    writer,
    validate('json', messageBody),
    async (c) => created(c, await sendMessage(tenant(c), c.req.valid('json')), { message: MESSAGE_SENT }),
  )
  .get(
    '/inbox',
    contract({ summary: 'My inbox', responses: { 200: inboxAnswer } }),
    reader,
    validate('query', inboxQuery),
    async (c) => {
      const { messages, total } = await inbox(tenant(c), c.req.valid('query'));
      return ok(c, messages, { total });
    },
  )
  .get('/unread', contract({ summary: 'My unread messages', responses: { 200: unreadAnswer } }), reader, async (c) =>
    ok(c, await unreadCount(tenant(c))),
  )
  .get(
    '/sent',
    contract({ summary: 'Messages sent', responses: { 200: sentAnswer } }),
    writer,
    validate('query', sentQuery),
    async (c) => {
      const { messages, total } = await sentMessages(tenant(c), c.req.valid('query'));
      return ok(c, messages, { total });
    },
  )
  .get(
    '/choices',
    contract({ summary: 'My notification choices', responses: { 200: choicesAnswer } }),
    reader,
    async (c) => ok(c, await myChoices(tenant(c))),
  )
  .put(
    '/choices',
    contract({ summary: 'Choose how messages reach me', responses: { 200: choicesAnswer } }),
    reader,
    validate('json', choicesBody),
    async (c) => ok(c, await saveChoices(tenant(c), c.req.valid('json')), { message: CHOICES_SAVED }),
  )
  .get(
    '/:id',
    contract({ summary: 'Read a message', responses: { 200: getMessageAnswer } }),
    reader,
    validate('param', idParam),
    async (c) => ok(c, await readMessage(tenant(c), c.req.valid('param').id)),
  );
