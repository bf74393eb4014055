/**
 * `npm run seed:large`: a separate local D1 database holding one large school (5,000 students, a year of
 * attendance per subject: about 6 million marks; two terms of six assessments per subject, every student
 * marked) for benchmarks, and `DIR/large-school.json` describing it.
 * Flags: --persist-to DIR (.bench/state), --scale X (1) multiplies the people and classes.
 * The rows are written straight into the SQLite file that `wrangler dev --persist-to DIR` serves, so the
 * server must not be running on DIR meanwhile. A DIR made by an earlier run is replaced.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import * as schema from '../worker/db/schema';
import { dateInZone } from '../worker/lib/time';
import { DOMAIN, SCHOOL_CODE, sizesFor, TIME_ZONE } from './lib/large-school/plan';
import { buildLargeSchool } from './lib/large-school/school';
import { holdersOf, localD1File } from './lib/large-school/sqlite-file';
import { writeLargeSchool } from './lib/large-school/write';
import { openLocalD1 } from './lib/local-d1';
import { nodeHasher } from './lib/node-hasher';
import { flag, run } from './lib/run';

process.env.WRANGLER_SEND_METRICS = 'false';
const args = process.argv.slice(2);
const persistTo = flag(args, 'persist-to') || '.bench/state';
const scale = Number(flag(args, 'scale') || '1');
if (!(scale > 0)) throw new Error('--scale must be a positive number');
const PASSWORD = 'large1234';
const manifestPath = join(persistTo, 'large-school.json');
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[${elapsed()}] ${line}`);

/** Writing under a running workerd would corrupt the file. */
function refuseIfOpen(file: string) {
  const holders = holdersOf(file);
  if (holders.length > 0)
    throw new Error(`${file} is open in process(es) ${holders.join(', ')}: stop the server first`);
}

async function holdsOnlyLargeSchool(file: string): Promise<boolean> {
  const client = createClient({ url: `file:${file}` });
  try {
    const { rows } = await client.execute('select code from schools');
    return rows.every((row) => row.code === SCHOOL_CODE);
  } catch {
    return false;
  } finally {
    client.close();
  }
}

// Only a database this script made (the manifest is there, or it holds no school but the large one) is replaced.
const d1Dir = join(persistTo, 'v3', 'd1');
if (existsSync(d1Dir)) {
  const previous = existsSync(join(d1Dir, 'miniflare-D1DatabaseObject')) ? localD1File(persistTo) : undefined;
  if (previous) refuseIfOpen(previous);
  if (previous && !existsSync(manifestPath) && !(await holdsOnlyLargeSchool(previous)))
    throw new Error(`${persistTo} already holds a database that seed:large did not make; choose another --persist-to`);
  rmSync(d1Dir, { recursive: true, force: true });
  rmSync(manifestPath, { force: true });
}
await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { CI: 'true' });
const file = localD1File(persistTo);
refuseIfOpen(file);
log(`Migrated ${file}`);

const passwordHash = await nodeHasher.hash(PASSWORD);
const today = dateInZone(new Date(), TIME_ZONE);
const school = buildLargeSchool({ sizes: sizesFor(scale), passwordHash, today });
log(`Planned the school: ${school.rows.students.length} students, ${school.rows.classes.length} classes`);

const client = createClient({ url: `file:${file}` });
// A generated database needs no crash safety while it is written: no journal, no fsync, a large page cache.
await client.execute('pragma journal_mode = delete');
await client.execute('pragma journal_mode = off');
await client.execute('pragma synchronous = off');
await client.execute('pragma cache_size = -1000000');
await client.execute('pragma temp_store = memory');
await client.execute('pragma foreign_keys = on');
const counts = await writeLargeSchool(client, school, { bulk: true, log });
// The budget classes' latest assessment of their subject: the marks bench writes and reads its sheet.
const latestAssessment = async (klass: { id: string; subjectId: string }) => {
  const { rows } = await client.execute({
    sql: 'select id from assessments where class_id = ? and subject_id = ? order by date desc, id desc limit 1',
    args: [klass.id, klass.subjectId],
  });
  return String(rows[0]?.id ?? '');
};
const assessmentOf = {
  of10: await latestAssessment(school.manifest.of10),
  of40: await latestAssessment(school.manifest.of40),
};
// Back to the journal mode D1 keeps its files in.
await client.execute('pragma journal_mode = wal');
client.close();

// The server's own driver must read what was written.
const local = await openLocalD1(persistTo);
try {
  const [found] = await local.db.select({ id: schema.schools.id }).from(schema.schools);
  if (found?.id !== school.schoolId) throw new Error('The local D1 database does not show the school');
} finally {
  await local.close();
}

const seconds = Math.round((Date.now() - started) / 100) / 10;
const { manifest } = school;
writeFileSync(
  manifestPath,
  `${JSON.stringify(
    {
      schoolId: school.schoolId,
      schoolCode: school.schoolCode,
      admin: { email: `admin@${DOMAIN}`, password: PASSWORD },
      teacher: { ...manifest.teacher, password: PASSWORD },
      student: { ...manifest.student, password: PASSWORD },
      parent: { email: manifest.parentEmail, password: PASSWORD },
      classes: {
        of10: { ...manifest.of10, assessmentId: assessmentOf.of10 },
        of40: { ...manifest.of40, assessmentId: assessmentOf.of40 },
      },
      dates: {
        first: school.days[0],
        last: school.days.at(-1),
        sample: school.days[Math.floor(school.days.length / 2)],
        free: school.free,
      },
      counts,
      seconds,
      scale,
      timeZone: TIME_ZONE,
    },
    null,
    2,
  )}\n`,
);
console.log(
  `Large school ready in ${seconds} s at ${persistTo} (manifest ${manifestPath}):\n${Object.entries(counts)
    .map(([name, n]) => `  ${name.padEnd(20)} ${n.toLocaleString('en')}`)
    .join('\n')}`,
);
