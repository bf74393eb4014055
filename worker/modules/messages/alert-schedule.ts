import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { attendanceRegisters, schools } from '../../db/schema';
import type { Platform } from '../../lib/context';
import { everyDatabase } from '../../lib/databases';
import { addDays, dateInZone, timeInZone } from '../../lib/time';
import {
  alertSettingsOf,
  alertWrites,
  existingAlertsRead,
  missedCodes,
  missedMarksRead,
  planAlerts,
  publishAlerts,
  pupilsOf,
} from './absence-alerts';

/** The cron that runs this (`wrangler.toml`): timed alerts go out within this many minutes of their time. */
export const TIMED_ALERTS_EVERY_MINUTES = 5;

/**
 * The timed schools of one database whose alerts are due: their time of day has come in their zone, and today's
 * alerts were not made yet, or a register was saved since the last run (an afternoon register, a correction). One
 * statement: each school's latest register save is read from its registers of the last two days by their index.
 */
async function dueSchools(db: Database, now: Date) {
  const since = addDays(now.toISOString().slice(0, 10), -1);
  const rows = await db
    .select({
      id: schools.id,
      timeZone: schools.timeZone,
      language: schools.language,
      absenceAlerts: schools.absenceAlerts,
      absenceAlertTime: schools.absenceAlertTime,
      absenceAlertLate: schools.absenceAlertLate,
      absenceAlertStudents: schools.absenceAlertStudents,
      runAt: schools.absenceAlertsRunAt,
      // Qualified by hand: drizzle writes a lone table's columns unqualified, which the subquery would take as its own.
      lastSaved: sql<string | null>`(select max(r.marked_at) from ${attendanceRegisters} r
        where r.school_id = "schools"."id" and r.date >= ${since})`.as('last_saved'),
    })
    .from(schools)
    .where(eq(schools.absenceAlerts, 'timed'));
  return rows.flatMap((row) => {
    const today = dateInZone(now, row.timeZone);
    if (timeInZone(now, row.timeZone) < row.absenceAlertTime) return [];
    const ran = row.runAt ? new Date(row.runAt) : null;
    const ranToday =
      ran !== null && dateInZone(ran, row.timeZone) === today && timeInZone(ran, row.timeZone) >= row.absenceAlertTime;
    if (ranToday && !(row.lastSaved && row.runAt && row.lastSaved > row.runAt)) return [];
    return [{ ...row, today, settings: alertSettingsOf(row) }];
  });
}

/**
 * Makes the due timed alerts of one database: per school, one read batch (the day's missed marks and alerts) and
 * one write batch (the alerts made, updated or withdrawn, and the run's time). Running twice changes nothing more:
 * an alert whose text is unchanged is left alone, and one pupil has one alert a day.
 */
export async function runTimedAlerts(
  db: Database,
  now: Date,
  publish: Platform['publish'],
  log?: (line: string) => void,
) {
  const done = { schools: 0, reached: 0, withdrawn: 0 };
  for (const school of await dueSchools(db, now)) {
    try {
      const [missed, existing] = await db.batch([
        missedMarksRead(db, school.id, school.today, missedCodes(school.settings)),
        existingAlertsRead(db, school.id, school.today),
      ]);
      const pupils = pupilsOf(missed);
      for (const alert of existing)
        if (!pupils.has(alert.studentId)) pupils.set(alert.studentId, { name: '', missed: [] });
      const plan = planAlerts(school.today, pupils, existing, school.settings.language);
      const writes = alertWrites(db, school.id, plan, school.settings, now);
      const results = await db.batch([
        // The run's time; the school's own `updated_at` stays, as nothing the office set has changed.
        db
          .update(schools)
          .set({ absenceAlertsRunAt: now.toISOString(), updatedAt: sql`${schools.updatedAt}` })
          .where(and(eq(schools.id, school.id), eq(schools.absenceAlerts, 'timed'))),
        ...writes.items,
      ]);
      const told = writes.told((results as readonly unknown[]).slice(1));
      await publishAlerts(publish, school.id, told);
      done.schools += 1;
      done.reached += plan.upserts.length;
      done.withdrawn += plan.withdrawn.length;
    } catch (error) {
      // One school's failure (a move in progress) leaves it due for the next run; the others go on.
      log?.(`absence alerts: school ${school.id} failed: ${error instanceof Error ? error.message : 'unknown'}`);
    }
  }
  return done;
}

/** The cron's work across every database of the platform (the directory's, then each shard's). */
export async function runScheduledAlerts(platform: Platform) {
  const now = platform.now();
  const totals = { schools: 0, reached: 0, withdrawn: 0 };
  for (const db of everyDatabase(platform)) {
    const done = await runTimedAlerts(db, now, platform.publish, platform.log);
    totals.schools += done.schools;
    totals.reached += done.reached;
    totals.withdrawn += done.withdrawn;
  }
  return totals;
}
