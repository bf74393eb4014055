import { eq, getTableColumns, getTableName, inArray } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { jsonInserts } from '../../db/bulk';
import type { Database } from '../../db/database';
import * as schema from '../../db/schema';
import { AppError } from '../../lib/errors';
import { DAMAGED } from './backup';

// Inbox and outbox rows carry no school: a backup holds those of the school's accounts, checked against its
// messages and accounts; a restore replaces them through the accounts (the key starts with the account).

const { messageRecipients, messageOutbox, users } = schema;
export const RECIPIENTS = getTableName(messageRecipients);
export const OUTBOX = getTableName(messageOutbox);
const KEYED = [
  [messageRecipients, RECIPIENTS],
  [messageOutbox, OUTBOX],
] as const;

const accountsOf = (db: Database, schoolId: string) =>
  db.select({ id: users.id }).from(users).where(eq(users.schoolId, schoolId));

/** The selects of a snapshot's batch: the school's inbox rows, then its outbox rows. */
export function messageRowReads(db: Database, schoolId: string) {
  return KEYED.map(([table]) =>
    db
      .select(getTableColumns(table as typeof messageRecipients))
      .from(table as typeof messageRecipients)
      .where(inArray((table as typeof messageRecipients).userId, accountsOf(db, schoolId))),
  );
}

const whole = (value: unknown) => Number.isInteger(value);

/** Each row names a message and an account of the file, once; states and channels are known ones. */
export function checkMessageRows(tables: Record<string, Record<string, unknown>[]>) {
  const ids = (name: string) => new Set((tables[name] ?? []).map((row) => row.id));
  const [messageIds, accounts] = [ids(getTableName(schema.messages)), ids(getTableName(users))];
  const channels = Object.values(schema.outboxChannels) as unknown[];
  const states = Object.values(schema.outboxStates) as unknown[];
  for (const [, name] of KEYED) {
    const seen = new Set<string>();
    for (const row of tables[name] ?? []) {
      const key = `${row.userId}:${row.messageId}:${row.channel ?? ''}`;
      const valid =
        messageIds.has(row.messageId) &&
        accounts.has(row.userId) &&
        !seen.has(key) &&
        (name === RECIPIENTS
          ? row.readAt === null || whole(row.readAt)
          : channels.includes(row.channel) &&
            states.includes(row.state) &&
            whole(row.attempts) &&
            whole(row.nextAttemptAt));
      if (!valid) throw new AppError(422, DAMAGED);
      seen.add(key);
    }
  }
}

/** A restore's statements: the school's inbox and outbox rows removed (before its messages), and the file's put back. */
export function messageRowWrites(db: Database, schoolId: string, tables: Record<string, Record<string, unknown>[]>) {
  return {
    deletes: KEYED.map(([table]) =>
      db
        .delete(table as typeof messageRecipients)
        .where(inArray((table as typeof messageRecipients).userId, accountsOf(db, schoolId))),
    ),
    inserts: KEYED.flatMap(([table, name]) => jsonInserts(db, table as SQLiteTable, (tables[name] ?? []) as never[])),
  };
}
