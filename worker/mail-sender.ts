import { DurableObject } from 'cloudflare:workers';
import { openDirectory } from './db/directory';
import { DbMeter } from './db/meter';
import type { Env } from './env';
import { mailConfigFrom } from './lib/mail/config';
import { deliverDue } from './lib/mail/outbox';
import { smtpTransport } from './lib/mail/smtp';
import { pushConfigFrom } from './lib/push/config';
import { deliverDuePushes } from './lib/push/outbox';
import { platformFrom } from './platform';

const SCHOOL_KEY = 'schoolId';
/** A run that fails as a whole (the database away) is tried again after this long. */
const RETRY_RUN_MS = 60_000;

/**
 * One school's e-mail and Web Push sender, named by the school's id: woken when its outbox gets rows, it sends the due ones from
 * an alarm, outside any request, and sets the next alarm for the next due row. One object per school, so one
 * school's long queue never holds up another's, and its per-minute limit is its own.
 */
export class SchoolMail extends DurableObject<Env> {
  /** Called by the Worker after a write queued e-mails: runs at once unless a run is already set sooner. */
  async wake(schoolId: string): Promise<void> {
    await this.ctx.storage.put(SCHOOL_KEY, schoolId);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > Date.now()) await this.ctx.storage.setAlarm(Date.now());
  }

  async alarm(): Promise<void> {
    const schoolId = await this.ctx.storage.get<string>(SCHOOL_KEY);
    const platform = platformFrom(this.env);
    const config = mailConfigFrom(this.env);
    const push = pushConfigFrom(this.env);
    if (!schoolId || (!config && !push)) return;
    const meter = new DbMeter();
    const directory = openDirectory(platform.openDatabase(meter), platform.shards, meter);
    const db = await directory.schoolDatabase(schoolId);
    if (!db) return;
    try {
      const mail = config
        ? await deliverDue(db, schoolId, smtpTransport(config), {
            now: new Date(),
            inboxUrl: this.env.PORTAL_URL ? new URL('/login', this.env.PORTAL_URL).toString() : undefined,
            unsubscribe: this.env.PORTAL_URL
              ? { portalUrl: this.env.PORTAL_URL, secret: this.env.JWT_SECRET }
              : undefined,
            log: platform.log,
          })
        : null;
      const pushed = push ? await deliverDuePushes(db, schoolId, push, { now: new Date(), log: platform.log }) : null;
      const next = [mail?.nextRunAt, pushed?.nextRunAt].filter((at): at is number => typeof at === 'number');
      if (next.length > 0) await this.ctx.storage.setAlarm(Math.min(...next));
    } catch (error) {
      platform.log?.(JSON.stringify({ level: 'error', mail: 'run-failed', schoolId, error: (error as Error)?.name }));
      await this.ctx.storage.setAlarm(Date.now() + RETRY_RUN_MS);
    }
  }
}
