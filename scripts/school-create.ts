/**
 * `npm run school:create -- --name "…" --admin-email … --admin-password … [--admin-name …] [--code …]
 *   [--time-zone Asia/Kolkata] [--currency INR] [--language en|hi|ar] [--year-start-month 4] [--url https://portal.example.org] [--keep-password]
 *   [--shard N] [--shards N]`
 *
 * The administrator chooses their own password at first sign-in (the operator typed this one), unless
 * --keep-password is given.
 *
 * With --url it calls the deployment's platform endpoint with PLATFORM_TOKEN from the environment;
 * with LIBSQL_URL set it writes to that libSQL database (and its shards at LIBSQL_SHARD_URLS); otherwise to
 * the local D1 databases of `npm start` (`--shards N` as it was started with). The school goes to the shard
 * holding the fewest schools, or to `--shard N`.
 */

import { openDirectory } from '../worker/db/directory';
import { DbMeter } from '../worker/db/meter';
import { schoolCreateBody } from '../worker/modules/platform/schemas';
import { createSchool } from '../worker/modules/platform/service';
import { openLibsqlShards } from './lib/libsql-shards';
import { openLocalD1 } from './lib/local-d1';
import { shardCount } from './lib/local-shards';
import { nodeHasher } from './lib/node-hasher';
import { flag } from './lib/run';

const args = process.argv.slice(2);
const raw = {
  name: flag(args, 'name'),
  code: flag(args, 'code') || undefined,
  timeZone: flag(args, 'time-zone') || undefined,
  currency: flag(args, 'currency') || undefined,
  language: flag(args, 'language') || undefined,
  yearStartMonth: flag(args, 'year-start-month') ? Number(flag(args, 'year-start-month')) : undefined,
  adminName: flag(args, 'admin-name') || undefined,
  adminEmail: flag(args, 'admin-email'),
  adminPassword: flag(args, 'admin-password'),
  requirePasswordChange: !args.includes('--keep-password'),
};
const parsed = schoolCreateBody.safeParse(raw);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
  console.error(
    'Usage: npm run school:create -- --name "School" --admin-email a@b.org --admin-password a-long-password',
  );
  process.exit(2);
}

async function main() {
  const url = flag(args, 'url');
  if (url) {
    const token = process.env.PLATFORM_TOKEN;
    if (!token) throw new Error('Set PLATFORM_TOKEN to the deployment’s platform token.');
    const res = await fetch(new URL('/api/platform/schools', url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...raw, shard: flag(args, 'shard') ? Number(flag(args, 'shard')) : undefined }),
    });
    const body = (await res.json()) as { success: boolean; data?: unknown; error?: string };
    if (!res.ok) throw new Error(body.error ?? `HTTP ${res.status}`);
    return body.data;
  }
  const shard = flag(args, 'shard') ? Number(flag(args, 'shard')) : undefined;
  const opened = process.env.LIBSQL_URL
    ? await openLibsqlShards()
    : await openLocalD1(flag(args, 'persist-to') || '.wrangler/state', shardCount(flag(args, 'shards')));
  try {
    const meter = new DbMeter();
    const directory = openDirectory(opened.db, opened.shards, meter);
    return await createSchool(directory, nodeHasher, parsed.data!, new Date(), { shard });
  } finally {
    await opened.close();
  }
}

try {
  const result = (await main()) as {
    school: { name: string; code: string; academicYear: string };
    admin: { email: string };
    shard?: number;
  };
  const first = raw.requirePasswordChange ? ' and chooses a new password at first sign-in' : '';
  console.log(
    `Created ${result.school.name} (code ${result.school.code}, academic year ${result.school.academicYear}${result.shard === undefined ? '' : `, shard ${result.shard}`}); its administrator signs in as ${result.admin.email}${first}.`,
  );
} catch (error) {
  console.error(`Could not create the school: ${(error as Error).message}`);
  process.exit(1);
}
