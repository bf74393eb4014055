import { and, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { passwordResetRequests, signInAttempts } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Failed password checks (sign-ins and password changes), counted over a sliding window in the database so
 * the limits hold across Worker instances. The numbers are in README (Sessions and passwords).
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** One email from one address: the owner signs in from another address while a guesser is refused. */
export const SIGN_IN_MAX_FAILURES = 5;
/** One address across every email: stops one client trying many accounts. */
export const ADDRESS_MAX_FAILURES = 20;
/** One email across every address: stops a guess at one account spread over many addresses (100 an hour). */
export const ACCOUNT_MAX_FAILURES = 25;
/** Across the platform: above this, an address that already failed in the window gets no further try. */
export const PLATFORM_MAX_FAILURES = 1000;

export interface Attempt {
  email: string;
  /** The client's address; '' when unknown, which only the per-email limits apply to. */
  address: string;
}

const windowStart = (now: Date) => new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString();

/**
 * Every count the limits need, in one statement: the rows of this email or this address within the window,
 * with conditional aggregates, and the platform's failures counted no further than the brake's threshold.
 */
export function failuresOf(db: Database, attempt: Attempt, now: Date) {
  const t = signInAttempts;
  const since = windowStart(now);
  const pair = sql`(${t.email} = ${attempt.email} and ${t.clientIp} = ${attempt.address})`;
  const fromAddress = sql`(${t.clientIp} = ${attempt.address})`;
  const forEmail = sql`(${t.email} = ${attempt.email})`;
  const count = (condition: SQL, name: string) => sql<number>`coalesce(sum(${condition}), 0)`.mapWith(Number).as(name);
  const oldest = (condition: SQL, name: string) =>
    sql<string | null>`min(case when ${condition} then ${t.attemptedAt} end)`.as(name);
  return db
    .select({
      pair: count(pair, 'pair'),
      pairOldest: oldest(pair, 'pair_oldest'),
      address: count(fromAddress, 'address'),
      addressOldest: oldest(fromAddress, 'address_oldest'),
      account: count(forEmail, 'account'),
      accountOldest: oldest(forEmail, 'account_oldest'),
      platform:
        sql<number>`(select count(*) from (select 1 from ${t} where ${t.attemptedAt} > ${since} limit ${PLATFORM_MAX_FAILURES}))`
          .mapWith(Number)
          .as('platform'),
    })
    .from(t)
    .where(
      and(
        gt(t.attemptedAt, since),
        attempt.address ? or(eq(t.email, attempt.email), eq(t.clientIp, attempt.address)) : eq(t.email, attempt.email),
      ),
    );
}

export type Failures = Awaited<ReturnType<typeof failuresOf>>[number];

/** 429 with `Retry-After` when any limit is reached; the wait is the longest of those reached. */
export function refuseWhenLocked(failures: Failures, attempt: Attempt, now: Date) {
  const known = attempt.address !== '';
  const reached = [
    failures.pair >= SIGN_IN_MAX_FAILURES && failures.pairOldest,
    failures.account >= ACCOUNT_MAX_FAILURES && failures.accountOldest,
    known && failures.address >= ADDRESS_MAX_FAILURES && failures.addressOldest,
    known && failures.platform >= PLATFORM_MAX_FAILURES && failures.address > 0 && failures.addressOldest,
  ].filter((oldest): oldest is string => typeof oldest === 'string');
  if (reached.length === 0) return;
  const until = Math.max(...reached.map((oldest) => new Date(oldest).getTime() + SIGN_IN_WINDOW_MS));
  const retryMs = until - now.getTime();
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  throw new AppError(
    429,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryMs / 1000))) } },
  );
}

/** Counts a wrong password for the email from the address, and forgets every attempt older than the window. */
export async function recordFailure(db: Database, attempt: Attempt, now: Date) {
  await db.batch([
    db
      .insert(signInAttempts)
      .values({ email: attempt.email, clientIp: attempt.address, attemptedAt: now.toISOString() }),
    db.delete(signInAttempts).where(lte(signInAttempts.attemptedAt, windowStart(now))),
  ]);
}

/**
 * A right password clears the failures of that email from that address only: a guesser elsewhere stays
 * refused when the owner signs in.
 */
export function clearFailures(db: Database, attempt: Attempt) {
  return db
    .delete(signInAttempts)
    .where(and(eq(signInAttempts.email, attempt.email), eq(signInAttempts.clientIp, attempt.address)));
}

/** Reset links asked for one email within the window, from anywhere: its owner's mailbox is not flooded. */
export const RESET_MAX_PER_EMAIL = 3;
/** Reset links asked for from one address within the window, across emails: one client cannot probe many. */
export const RESET_MAX_PER_ADDRESS = 10;

/**
 * A request for a reset link, counted whether or not the email has an account, in one batch: the request's row,
 * the requests of its email and of its address within the window (this one included), and the old rows pruned.
 */
export async function countResetRequest(db: Database, attempt: Attempt, now: Date) {
  const t = passwordResetRequests;
  const since = windowStart(now);
  const ofAddress = attempt.address ? sql`${t.clientIp} = ${attempt.address}` : sql`0`;
  const [, , [counts]] = await db.batch([
    db.delete(t).where(lte(t.requestedAt, since)),
    db.insert(t).values({ email: attempt.email, clientIp: attempt.address, requestedAt: now.toISOString() }),
    db
      .select({
        email: sql<number>`coalesce(sum(${t.email} = ${attempt.email}), 0)`.mapWith(Number).as('email'),
        address: sql<number>`coalesce(sum(${ofAddress}), 0)`.mapWith(Number).as('address'),
        oldest: sql<string | null>`min(${t.requestedAt})`.as('oldest'),
      })
      .from(t)
      .where(
        and(
          gt(t.requestedAt, since),
          attempt.address
            ? or(eq(t.email, attempt.email), eq(t.clientIp, attempt.address))
            : eq(t.email, attempt.email),
        ),
      ),
  ]);
  if (counts.email <= RESET_MAX_PER_EMAIL && counts.address <= RESET_MAX_PER_ADDRESS) return;
  const retryMs = Math.max(1000, new Date(counts.oldest ?? now).getTime() + SIGN_IN_WINDOW_MS - now.getTime());
  const minutes = Math.ceil(retryMs / 60_000);
  throw new AppError(
    429,
    `Too many requests for a reset link. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(Math.ceil(retryMs / 1000)) } },
  );
}
