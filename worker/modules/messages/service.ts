import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { refusalOf, refuseIf } from '../../db/guard';
import {
  ABSENCE_ALERT,
  activityLogs,
  audienceCodes,
  classes,
  type MessageKind,
  messageKinds,
  messageRecipients,
  messages,
  users,
} from '../../db/schema';
import { named } from '../../db/sql';
import { callerTeaches } from '../../lib/class-access';
import { AppError, notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { audienceOf } from './audience';
import {
  CLASS_AUDIENCES,
  EMPTY_AUDIENCE,
  type InboxQuery,
  MESSAGES_PER_HOUR,
  type MessageInput,
  messageKey,
  NOT_YOUR_AUDIENCE,
  PREVIEW_LENGTH,
  type SentQuery,
} from './schemas';
import { messageWrites } from './writes';

const HOUR_MS = 3_600_000;
const author = alias(users, 'message_author');
const targetClass = alias(classes, 'message_class');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** Announcements only: absence alerts and reminders (codes from 6 on) are not sent by anyone, nor counted in the hourly limit. */
const announcements = sql`${messages.audience} < ${ABSENCE_ALERT}`;

/** A message's columns with its author and class named; `readAt` is the caller's, when a recipient row is joined. */
function selectMessages(ctx: TenantContext, readAt: SQL<number | null>) {
  return ctx.db
    .select({
      id: messages.id,
      authorId: messages.authorId,
      authorName: named(author.name, 'author_name'),
      authorRole: named(author.role, 'author_role'),
      audience: messages.audience,
      target: messages.target,
      className: named(targetClass.name, 'class_name'),
      classSection: named(targetClass.section, 'class_section'),
      subject: messages.subject,
      preview: sql<string>`substr(${messages.body}, 1, ${PREVIEW_LENGTH})`.as('preview'),
      body: messages.body,
      recipientCount: messages.recipientCount,
      sentAt: messages.sentAt,
      readAt: readAt.as('read_at'),
    })
    .from(messages)
    .leftJoin(author, eq(author.id, messages.authorId))
    .leftJoin(
      targetClass,
      and(
        eq(targetClass.id, messages.target),
        sql`${messages.audience} in (${sql.join(
          CLASS_AUDIENCES.map((kind) => sql`${audienceCodes[kind]}`),
          sql`, `,
        )})`,
      ),
    );
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

function toMessage(ctx: TenantContext, row: MessageRow) {
  const audience = messageKinds[row.audience] as MessageKind;
  // How many it reached is the author's and the office's to know.
  const told = ctx.session.role === 'school_admin' || row.authorId === ctx.session.userId;
  return {
    _id: String(row.id),
    subject: row.subject,
    author: row.authorName && row.authorRole ? { name: row.authorName, role: row.authorRole } : null,
    audience,
    class:
      row.target && row.className !== null
        ? { _id: row.target, name: row.className, section: row.classSection ?? '' }
        : null,
    grade: audience === 'grade' ? row.target : null,
    sentAt: row.sentAt,
    readAt: row.readAt === null ? null : new Date(row.readAt * 1000).toISOString(),
    recipientCount: told ? row.recipientCount : null,
  };
}

const summary = (ctx: TenantContext, row: MessageRow) => ({ ...toMessage(ctx, row), preview: row.preview });
const whole = (ctx: TenantContext, row: MessageRow) => ({ ...toMessage(ctx, row), body: row.body });

/** Refuses what the caller may not send, with the precise message: a class not theirs, a school over its limit. */
function refuseSending(
  ctx: TenantContext,
  input: MessageInput,
  checks: { klass?: { teaches: number }; grades: number; recent?: { sent: number; oldest: string | null } },
) {
  if (input.classId && CLASS_AUDIENCES.includes(input.audience) && !checks.klass) throw notFound('Class');
  if (input.audience === 'grade' && checks.grades === 0) throw notFound('Grade');
  if (ctx.session.role === 'teacher' && !checks.klass?.teaches) throw new AppError(403, NOT_YOUR_AUDIENCE);
  if (checks.recent && checks.recent.sent >= MESSAGES_PER_HOUR) throw overLimit(ctx, checks.recent.oldest);
}

function overLimit(ctx: TenantContext, oldest: string | null) {
  const retryMs = Math.max(1000, new Date(oldest ?? ctx.now()).getTime() + HOUR_MS - ctx.now().getTime());
  const minutes = Math.ceil(retryMs / 60_000);
  return new AppError(
    429,
    `This school has sent ${MESSAGES_PER_HOUR} messages in the last hour, the most it may send. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(Math.ceil(retryMs / 1000)) } },
  );
}

/**
 * `POST /api/messages`: one read batch (the class and whether the caller teaches it, the grade, the hour's count,
 * the audience's size), then one write batch: the message, its recipients and outbox rows by INSERT … SELECT of
 * the audience, the hourly limit guarded again, the activity line, and the recipients' ids for the live event.
 */
export async function sendMessage(ctx: TenantContext, input: MessageInput) {
  const { db } = ctx;
  const target = {
    classId: CLASS_AUDIENCES.includes(input.audience) ? input.classId : undefined,
    grade: input.audience === 'grade' ? input.grade : undefined,
  };
  const audience = audienceOf(ctx, input.audience, target);
  const since = new Date(ctx.now().getTime() - HOUR_MS).toISOString();
  const recentWhere = ctx.scoped(messages, gt(messages.sentAt, since), announcements);
  const [klass, [grades], [recent], [size]] = await db.batch([
    db
      .select({ teaches: sql<number>`${callerTeaches(ctx, classes.id)}`.mapWith(Number).as('teaches') })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.id, target.classId ?? '')))
      .limit(1),
    db
      .select({ total: count() })
      .from(classes)
      .where(ctx.scoped(classes, sql`${classes.name} = ${target.grade ?? ''}`)),
    db
      .select({ sent: count(), oldest: sql<string | null>`min(${messages.sentAt})` })
      .from(messages)
      .where(recentWhere),
    db.select({ total: count() }).from(sql`(${audience}) as a`),
  ]);
  refuseSending(ctx, input, { klass: klass[0], grades: grades.total, recent });
  if (size.total === 0) throw new AppError(400, EMPTY_AUDIENCE);

  const now = ctx.now();
  const messageId = sql`(select max(${messages.id}) from ${messages})`;
  const recipients = db.select({ userId: sql<string>`a.user_id`.as('user_id') }).from(sql`(${audience}) as a`);
  const insert = db
    .insert(messages)
    .values({
      schoolId: ctx.schoolId,
      authorId: ctx.session.userId,
      audience: audienceCodes[input.audience],
      target: target.classId ?? target.grade ?? null,
      subject: input.subject,
      body: input.body,
      recipientCount: sql`(select count(*) from (${audience}))`,
      sentAt: now.toISOString(),
    })
    .returning({ id: messages.id });
  const reaches = sql`select ${messageId} as message_id, a.user_id as user_id from (${audience}) as a`;
  const write = () =>
    db.batch([
      ...messageWrites(db, insert, reaches, now),
      refuseIf(
        db,
        'message-limit',
        sql`select '' as detail from (select count(*) as sent from ${messages} where ${recentWhere}) where sent > ${MESSAGES_PER_HOUR}`,
      ),
      db.insert(activityLogs).values({
        schoolId: ctx.schoolId,
        userId: ctx.session.userId,
        userName: ctx.session.name,
        action: 'create',
        entity: 'message',
        entityId: sql`cast(${messageId} as text)`,
        summary: `Sent "${input.subject.slice(0, 200)}" to ${input.audience}`,
        createdAt: now.toISOString(),
      }),
      recipients,
    ]);
  let written: Awaited<ReturnType<typeof write>>;
  try {
    written = await write();
  } catch (error) {
    if (refusalOf(error, 'message-limit')) throw overLimit(ctx, recent?.oldest ?? null);
    throw error;
  }
  const [[{ id }], , , , , reached] = written;
  await ctx.publish(ctx.schoolId, {
    type: 'inbox_updated',
    data: { reason: 'received', messageId: String(id), userIds: reached.map((r) => r.userId) },
  });
  const [row] = await byId(ctx, id);
  return whole(ctx, found(row));
}

const found = <T>(row: T | undefined): T => {
  if (!row) throw notFound('Message');
  return row;
};

/** A message of the school: to its recipients, its author, and the office (which sees all the school sends). */
function byId(ctx: TenantContext, key: number) {
  const mine = and(eq(messageRecipients.userId, ctx.session.userId), eq(messageRecipients.messageId, messages.id));
  // An absence alert is its families' alone; the office reads every announcement.
  const visible =
    ctx.session.role === 'school_admin'
      ? sql`(${announcements} or ${messageRecipients.userId} is not null)`
      : sql`(${messages.authorId} = ${ctx.session.userId} or ${messageRecipients.userId} is not null)`;
  return selectMessages(ctx, sql<number | null>`${messageRecipients.readAt}`)
    .leftJoin(messageRecipients, mine)
    .where(ctx.scoped(messages, eq(messages.id, key), visible))
    .limit(1);
}

/** `GET /api/messages/:id`: the whole message; the caller's copy is marked read in the same batch. */
export async function readMessage(ctx: TenantContext, id: string) {
  const key = messageKey(id);
  const ofSchool = sql`exists (select 1 from ${messages} m where m.id = ${key} and m.school_id = ${ctx.schoolId})`;
  const [marked, [row]] = await ctx.db.batch([
    ctx.db
      .update(messageRecipients)
      .set({ readAt: seconds(ctx.now()) })
      .where(
        and(
          eq(messageRecipients.userId, ctx.session.userId),
          eq(messageRecipients.messageId, key),
          isNull(messageRecipients.readAt),
          ofSchool,
        ),
      )
      .returning({ messageId: messageRecipients.messageId }),
    byId(ctx, key),
  ]);
  const message = whole(ctx, found(row));
  if (marked.length > 0) {
    // The reader's other devices take their badge down too.
    await ctx.publish(ctx.schoolId, {
      type: 'inbox_updated',
      data: { reason: 'read', messageId: message._id, userIds: [ctx.session.userId] },
    });
  }
  return message;
}

/** The caller's copies, newest first; the key starts with the account, so this is one range of it. */
function inboxWhere(ctx: TenantContext, unreadOnly: boolean) {
  return and(
    eq(messageRecipients.userId, ctx.session.userId),
    unreadOnly ? isNull(messageRecipients.readAt) : undefined,
  );
}

/** `GET /api/messages/inbox`: a page of the caller's messages with how many there are; `unread=true` only those unread. */
export async function inbox(ctx: TenantContext, query: InboxQuery) {
  const where = inboxWhere(ctx, query.unread === 'true');
  const [rows, [{ total }]] = await ctx.db.batch([
    selectMessages(ctx, sql<number | null>`${messageRecipients.readAt}`)
      .innerJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
      .where(and(where, eq(messages.schoolId, ctx.schoolId)))
      .orderBy(desc(messageRecipients.messageId))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ total: count() })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(and(where, eq(messages.schoolId, ctx.schoolId))),
  ]);
  return { messages: rows.map((row) => summary(ctx, row)), total };
}

/** `GET /api/messages/unread`: how many of the caller's messages are unread (the badge). */
export async function unreadCount(ctx: TenantContext) {
  const [{ unread }] = await ctx.db
    .select({ unread: count() })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(and(inboxWhere(ctx, true), eq(messages.schoolId, ctx.schoolId)));
  return { unread };
}

/** `GET /api/messages/sent`: what the caller wrote, newest first; the office sees everything the school sent. */
export async function sentMessages(ctx: TenantContext, query: SentQuery) {
  const where = ctx.scoped(
    messages,
    ctx.session.role === 'school_admin' ? announcements : eq(messages.authorId, ctx.session.userId),
  );
  const [rows, [{ total }]] = await ctx.db.batch([
    selectMessages(ctx, sql<null>`null`)
      .where(where)
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(messages).where(where),
  ]);
  return { messages: rows.map((row) => summary(ctx, row)), total };
}
