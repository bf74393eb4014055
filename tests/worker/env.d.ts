import type { D1Migration } from 'cloudflare:test';
import type { Env as WorkerEnv } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      NODE_RS_HASH_OF_DEMO: string;
      NODE_RS_HASH_OF_WIDE: string;
      DB_SHARD_1: D1Database;
    }
  }
}
