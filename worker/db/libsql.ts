import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql/web';
import type { Database } from './database';
import type { DbMeter } from './meter';

/** Wraps a libSQL client so that every execute and every batch counts as one round trip. */
function meteredClient(client: Client, meter: DbMeter): Client {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'execute' || prop === 'batch' || prop === 'migrate') {
        const method = Reflect.get(target, prop, target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => meter.track(() => method.apply(target, args));
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function libsqlDatabase(client: Client, meter: DbMeter): Database {
  // Without `{ schema }`, as in d1.ts: no relational map rebuilt per request.
  return drizzle(meteredClient(client, meter)) as unknown as Database;
}
