import { existsSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The SQLite file behind the local D1 database that `wrangler dev --persist-to dir` serves. */
export function localD1File(persistTo: string): string {
  const dir = join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite') : [];
  if (files.length === 0) throw new Error(`No local D1 database under ${dir}`);
  // Several files only when wrangler.toml's database id changed; the newest is the one in use.
  const newest = files.map((f) => join(dir, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  return resolve(newest);
}

/** Process ids holding the file open (Linux only; elsewhere none are found). Writing under a running workerd would corrupt it. */
export function holdersOf(file: string): number[] {
  if (!existsSync('/proc')) return [];
  const holders: number[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(file)) {
          holders.push(Number(pid));
          break;
        }
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  return holders;
}
