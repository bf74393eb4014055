import { and, eq, sql } from 'drizzle-orm';
import { channelChoiceBit, schools, users } from '../../db/schema';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { readUnsubscribeToken, type UnsubscribeTarget } from '../../lib/mail/unsubscribe';

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid';
export const UNSUBSCRIBED = 'You will no longer receive these e-mails';

/** The token's account and the database it lives in; a tampered token or a vanished account answers 404. */
async function targetOf(deps: Deps, token: string) {
  const target = await readUnsubscribeToken(deps.config.jwtSecret, token);
  const db = target && (await deps.directory.schoolDatabase(target.schoolId));
  if (!target || !db) throw new AppError(404, UNSUBSCRIBE_INVALID);
  return { target, db };
}

const account = (t: UnsubscribeTarget) => and(eq(users.id, t.userId), eq(users.schoolId, t.schoolId));

/** What the link will turn off: the kind of message, for which school, and whether e-mail of it is still on. */
export async function unsubscribeInfo(deps: Deps, token: string) {
  const { target, db } = await targetOf(deps, token);
  const bit = channelChoiceBit(target.kind, 'email');
  const [row] = await db
    .select({ school: schools.name, off: users.channelsOff })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(account(target));
  if (!row) throw new AppError(404, UNSUBSCRIBE_INVALID);
  return { kind: target.kind, school: row.school, email: (row.off & bit) === 0 };
}

/** Turns off e-mail of the token's kind for its account alone (one statement); the inbox keeps receiving. */
export async function unsubscribeByToken(deps: Deps, token: string) {
  const { target, db } = await targetOf(deps, token);
  const bit = channelChoiceBit(target.kind, 'email');
  const [row] = await db
    .update(users)
    .set({ channelsOff: sql`${users.channelsOff} | ${bit}` })
    .where(account(target))
    .returning({ id: users.id });
  if (!row) throw new AppError(404, UNSUBSCRIBE_INVALID);
  return { kind: target.kind, email: false };
}
