import type { Database } from '../db/database';
import { DbMeter } from '../db/meter';
import type { Platform } from './context';

/** Every database of the platform, the directory's first, then each other shard's: for work outside a request. */
export function everyDatabase(platform: Platform, meter = new DbMeter()): Database[] {
  const databases = [platform.openDatabase(meter)];
  for (let shard = 1; shard < (platform.shards?.count ?? 1); shard++) {
    const open = platform.shards?.open;
    if (open) databases.push(open(shard, meter));
  }
  return databases;
}
