import { type Client, createClient } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Database } from '../../worker/db/database';
import { libsqlDatabase } from '../../worker/db/libsql';
import { DbMeter } from '../../worker/db/meter';

/** A libSQL database for Node-side tools and tests (`:memory:`, `file:…`, or a hosted URL), migrated. */
export async function openLibsql(
  url: string,
  authToken?: string,
): Promise<{ client: Client; db: Database; meter: DbMeter }> {
  const client = createClient({ url, authToken });
  const meter = new DbMeter();
  const db = libsqlDatabase(client, meter);
  await migrate(db as never, { migrationsFolder: new URL('../../migrations', import.meta.url).pathname });
  return { client, db, meter };
}
