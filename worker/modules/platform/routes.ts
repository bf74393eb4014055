import { Hono } from 'hono';
import { bearerToken } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { AppError, validationError } from '../../lib/errors';
import { created } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { createSchoolAnswer } from './answers';
import { schoolCreateBody } from './schemas';
import { createSchool } from './service';

function sameSecret(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let diff = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

/** Operator endpoints; closed (404) unless PLATFORM_TOKEN is configured, and 401 without it. */
export const platformRoutes = new Hono<HonoEnv>()
  .use('*', async (c, next) => {
    const expected = c.get('deps').config.platformToken;
    if (!expected)
      throw new AppError(404, `Route not found: ${c.req.method} ${c.req.path}`, { code: 'ROUTE_NOT_FOUND' });
    const given = bearerToken(c.req.header('authorization'));
    if (!given || !sameSecret(given, expected)) throw new AppError(401, 'Invalid platform token');
    await next();
  })
  .post(
    '/schools',
    contract({
      summary: 'Create school',
      responses: { 201: createSchoolAnswer },
      refuses: ['ALREADY_EXISTS', 'EMAIL_TAKEN'],
    }),
    validate('json', schoolCreateBody),
    async (c) => {
      const { directory, hasher, now } = c.get('deps');
      const { shard, ...input } = c.req.valid('json');
      if (shard !== undefined && shard >= directory.shardCount)
        throw validationError([{ msg: 'Shard must be one of the platform’s shards', path: 'shard' }]);
      const result = await createSchool(directory, hasher, input, now(), { shard });
      return created(c, result, { message: 'School created successfully' });
    },
  );
