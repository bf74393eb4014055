import { Hono } from 'hono';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { ok } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { unsubscribeAnswer, unsubscribeInfoAnswer } from './answers';
import { unsubscribeQuery } from './schemas';
import { UNSUBSCRIBED, unsubscribeByToken, unsubscribeInfo } from './unsubscribe';

/**
 * `/api/unsubscribe?token=…`: an e-mail's link, without signing in. GET says what it stops; POST stops it, from the
 * portal's page or a mail client's one-click (RFC 8058 posts `List-Unsubscribe=One-Click`, which is not read).
 */
export const unsubscribeRoutes = new Hono<HonoEnv>()
  .get(
    '/',
    contract({ summary: 'What an unsubscribe link stops', responses: { 200: unsubscribeInfoAnswer } }),
    validate('query', unsubscribeQuery),
    async (c) => ok(c, await unsubscribeInfo(c.get('deps'), c.req.valid('query').token)),
  )
  .post(
    '/',
    contract({ summary: 'Unsubscribe from e-mails of one kind', responses: { 200: unsubscribeAnswer } }),
    validate('query', unsubscribeQuery),
    async (c) => ok(c, await unsubscribeByToken(c.get('deps'), c.req.valid('query').token), { message: UNSUBSCRIBED }),
  );
