import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  HOMEWORK_REMINDER,
  homework,
  homeworkSubmissions,
  messages,
  schools,
  students,
  subjects,
  users,
} from '../../db/schema';
import type { Platform } from '../../lib/context';
import { everyDatabase } from '../../lib/databases';
import type { Language } from '../../lib/languages';
import { addDays, dateInZone, timeInZone } from '../../lib/time';
import { translate } from '../../lib/translate';
import { alertDay, messageWrites, publishAlerts } from '../messages';

/** The reminders of homework due tomorrow go out from this time of the school's day, after lessons. */
export const REMINDER_TIME = '16:00';

interface DueHomework {
  id: string;
  schoolId: string;
  timeZone: string;
  language: Language;
  title: string;
  subjectName: string | null;
  dueDate: string;
  dueTime: string;
}

/**
 * The homework of this database that may want its reminder: due within two days of UTC's date (every zone's
 * tomorrow lies there) and not reminded yet. One statement, school by school through `(school_id, due_date)`.
 */
function candidates(db: Database, now: Date) {
  const utc = now.toISOString().slice(0, 10);
  return db
    .select({
      id: homework.id,
      schoolId: schools.id,
      timeZone: schools.timeZone,
      language: schools.language,
      title: homework.title,
      subjectName: sql<string | null>`(select sb.name from ${subjects} sb where sb.id = ${homework.subjectId})`.as(
        'subject_name',
      ),
      dueDate: homework.dueDate,
      dueTime: homework.dueTime,
    })
    .from(schools)
    .innerJoin(
      homework,
      sql`${homework.schoolId} = ${schools.id} and ${homework.dueDate} between ${utc} and ${addDays(utc, 2)} and ${homework.remindedOn} is null`,
    );
}

/** A reminder's subject and text in the school's language. */
export function reminderTexts(row: Pick<DueHomework, 'title' | 'subjectName' | 'dueDate' | 'dueTime' | 'language'>) {
  const day = alertDay(row.dueDate, row.language);
  const subject = row.subjectName ?? '';
  return {
    subject: translate(`Homework due tomorrow: ${row.title}`, row.language),
    body: translate(
      `${subject} homework “${row.title}” is due on ${day} at ${row.dueTime}, and you have not handed it in yet.`,
      row.language,
    ),
  };
}

/**
 * One school's reminders in one batch: a message per homework (target: the homework) reaching the class's active
 * students with an active account who have not handed it in, their inbox and outbox rows (`messageWrites`), and the
 * homework marked reminded on the school's date. A homework already reminded (a run racing this one) gets no
 * message: the insert and the recipients both read `reminded_on` in the same batch, before it is set.
 */
function reminderWrites(db: Database, schoolId: string, rows: DueHomework[], today: string, now: Date) {
  const sentAt = now.toISOString();
  const json = JSON.stringify(rows.map((row) => ({ h: row.id, ...reminderTexts(row) })));
  const ids = sql`(select json_extract(value, '$.h') from json_each(${json}))`;
  // The class's active students with an active account who have not handed in the homework `h`.
  const pupils = sql`${students} s join ${users} u on u.id = s.user_id and u.is_active = 1
      and s.school_id = h.school_id and s.class_id = h.class_id and s.status = 'active'
      and not exists (select 1 from ${homeworkSubmissions} hs where hs.homework_id = h.id and hs.student_id = s.id)`;
  const insert = db.insert(messages).select(
    sql`select null, ${schoolId}, null, ${HOMEWORK_REMINDER}, h.id, json_extract(j.value, '$.subject'),
        json_extract(j.value, '$.body'), (select count(*) from ${pupils}), ${sentAt}, null
        from json_each(${json}) j join ${homework} h on h.id = json_extract(j.value, '$.h')
        where h.school_id = ${schoolId} and h.reminded_on is null`,
  );
  const reaches = sql`select m.id as message_id, s.user_id as user_id from ${messages} m
      join ${homework} h on h.id = m.target join ${pupils}
      where m.school_id = ${schoolId} and m.sent_at = ${sentAt} and m.audience = ${HOMEWORK_REMINDER} and m.target in ${ids}`;
  return [
    ...messageWrites(db, insert, reaches, now),
    db.select({ userId: sql<string>`r.user_id`.as('user_id') }).from(sql`(${reaches}) r`),
    db
      .update(homework)
      .set({ remindedOn: today, updatedAt: sql`${homework.updatedAt}` })
      .where(sql`${homework.schoolId} = ${schoolId} and ${homework.id} in ${ids} and ${homework.remindedOn} is null`),
  ] as const;
}

/**
 * The reminders due in one database: for each school whose day has reached `REMINDER_TIME`, its homework due
 * tomorrow (on the school's clock) reminds the students who have not handed it in. One read for the database, then
 * one write batch per school with reminders; running twice sends nothing more.
 */
export async function runHomeworkReminders(
  db: Database,
  now: Date,
  publish: Platform['publish'],
  log?: (line: string) => void,
) {
  const done = { homework: 0, reached: 0 };
  const bySchool = new Map<string, { today: string; rows: DueHomework[] }>();
  for (const row of (await candidates(db, now)) as DueHomework[]) {
    const today = dateInZone(now, row.timeZone);
    if (timeInZone(now, row.timeZone) < REMINDER_TIME || row.dueDate !== addDays(today, 1)) continue;
    const school = bySchool.get(row.schoolId) ?? { today, rows: [] };
    school.rows.push(row);
    bySchool.set(row.schoolId, school);
  }
  for (const [schoolId, { today, rows }] of bySchool) {
    try {
      const results = await db.batch(reminderWrites(db, schoolId, rows, today, now));
      const reached = results[3].map((r) => r.userId);
      await publishAlerts(publish, schoolId, { reached, withdrawn: [] });
      done.homework += rows.length;
      done.reached += reached.length;
    } catch (error) {
      // One school's failure (a move in progress) leaves its homework for the next run; the others go on.
      log?.(`homework reminders: school ${schoolId} failed: ${error instanceof Error ? error.message : 'unknown'}`);
    }
  }
  return done;
}

/** The cron's reminders across every database of the platform (the directory's, then each shard's). */
export async function runScheduledReminders(platform: Platform) {
  const totals = { homework: 0, reached: 0 };
  for (const db of everyDatabase(platform)) {
    const done = await runHomeworkReminders(db, platform.now(), platform.publish, platform.log);
    totals.homework += done.homework;
    totals.reached += done.reached;
  }
  return totals;
}
