import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { d1Database } from '../../worker/db/d1';
import { reserveShardKeys } from '../../worker/db/directory';
import { DbMeter } from '../../worker/db/meter';

// Setup files run before each test file; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await applyD1Migrations(env.DB_SHARD_1, env.TEST_MIGRATIONS);
await reserveShardKeys(d1Database(env.DB_SHARD_1, new DbMeter()), 1);
