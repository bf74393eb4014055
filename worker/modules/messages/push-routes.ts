import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { validate } from '../../lib/validate';
import { pushKeyAnswer, pushSubscriptionAnswer } from './answers';
import { subscribe, unsubscribe } from './push';
import { PHONE_SUBSCRIBED, PHONE_UNSUBSCRIBED, pushEndpointBody, pushSubscriptionBody } from './schemas';

const anyone = requireAuth('school_admin', 'teacher', 'student', 'parent');

/** `/api/push`: a phone of any account turns Web Push on or off for itself. */
export const pushRoutes = new Hono<HonoEnv>()
  .get('/key', contract({ summary: 'Web Push key', responses: { 200: pushKeyAnswer } }), anyone, (c) => {
    const publicKey = c.get('deps').config.vapidPublicKey ?? null;
    return ok(c, { configured: publicKey !== null, publicKey });
  })
  .post(
    '/subscriptions',
    contract({ summary: 'Turn on notifications on this phone', responses: { 200: pushSubscriptionAnswer } }),
    anyone,
    validate('json', pushSubscriptionBody),
    async (c) => ok(c, await subscribe(tenant(c), c.req.valid('json')), { message: PHONE_SUBSCRIBED }),
  )
  .post(
    '/subscriptions/remove',
    contract({ summary: 'Turn off notifications on this phone', responses: { 200: pushSubscriptionAnswer } }),
    anyone,
    validate('json', pushEndpointBody),
    async (c) => ok(c, await unsubscribe(tenant(c), c.req.valid('json').endpoint), { message: PHONE_UNSUBSCRIBED }),
  );
