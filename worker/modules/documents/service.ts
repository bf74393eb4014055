import { and, desc, eq, sql } from 'drizzle-orm';
import { inJson } from '../../db/bulk';
import { activityLogs, documents, students, teachers, users } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import {
  ALLOWED_TYPES,
  checkUpload,
  type OwnerType,
  safeFileName,
  storedFileName,
  toDocument,
  type Upload,
} from './schemas';

/**
 * Documents of students and teachers: metadata in the `documents` table, bytes in the R2 bucket FILES under
 * `documents/<schoolId>/<ownerType>/<ownerId>/<docId>`. Every function takes the owner; another school's owner
 * or document answers 404 like a missing one.
 */
export interface Owner {
  type: OwnerType;
  id: string;
}

const OWNER_LABEL: Record<OwnerType, string> = { student: 'Student', teacher: 'Teacher' };

export function storageKey(schoolId: string, owner: Owner, docId: string): string {
  return `documents/${schoolId}/${owner.type}/${owner.id}/${docId}`;
}

function filesOf(ctx: TenantContext) {
  if (!ctx.files) throw new AppError(503, 'File storage is not configured');
  return ctx.files;
}

/** The owner (this school's student or teacher) and the name on their account: one statement. */
function ownerLookup(ctx: TenantContext, owner: Owner) {
  const table = owner.type === 'student' ? students : teachers;
  return ctx.db
    .select({ id: table.id, name: named(users.name, 'owner_name') })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(ctx.scoped(table, eq(table.id, owner.id)))
    .limit(1);
}

/**
 * The activity-log row for a read of the owner's documents, written only when the owner is this school's:
 * one insert…select, so it joins the read's batch (no extra round trip, no row for a 404).
 */
function documentsReadLog(ctx: TenantContext, owner: Owner) {
  const table = owner.type === 'student' ? students : teachers;
  const value = <T>(v: T, alias: string) => sql<T>`${v}`.as(alias);
  return ctx.db.insert(activityLogs).select(
    ctx.db
      .select({
        id: value(newId(), 'id'),
        schoolId: table.schoolId,
        userId: value(ctx.session.userId, 'user_id'),
        userName: value(ctx.session.name, 'user_name'),
        action: value('read' as const, 'action'),
        entity: value(owner.type, 'entity'),
        entityId: table.id,
        summary: sql<string>`${`Viewed the documents of ${owner.type} `} || ${users.name}`.as('summary'),
        createdAt: value(ctx.now().toISOString(), 'created_at'),
      })
      .from(table)
      .innerJoin(users, eq(users.id, table.userId))
      .where(ctx.scoped(table, eq(table.id, owner.id)))
      .limit(1),
  );
}

function ownerDocuments(ctx: TenantContext, owner: Owner, ...extra: ReturnType<typeof eq>[]) {
  return ctx.scoped(documents, eq(documents.ownerType, owner.type), eq(documents.ownerId, owner.id), ...extra);
}

export async function uploadDocument(ctx: TenantContext, owner: Owner, upload: Upload) {
  const files = filesOf(ctx);
  const file = checkUpload(upload);
  const [found] = await ownerLookup(ctx, owner);
  if (!found) throw notFound(OWNER_LABEL[owner.type]);
  const id = newId();
  const key = storageKey(ctx.schoolId, owner, id);
  await files.put(key, file.bytes, { httpMetadata: { contentType: file.contentType } });
  try {
    const [[row]] = await ctx.db.batch([
      ctx.db
        .insert(documents)
        .values({
          id,
          schoolId: ctx.schoolId,
          ownerType: owner.type,
          ownerId: owner.id,
          name: file.name,
          contentType: file.contentType,
          size: file.bytes.byteLength,
          storageKey: key,
          uploadedBy: ctx.session.userId,
        })
        .returning(),
      activity(ctx, 'create', 'document', id, `Uploaded ${file.name} for ${owner.type} ${found.name ?? ''}`.trim()),
    ]);
    return toDocument({ ...row, uploaderName: ctx.session.name });
  } catch (error) {
    // The row was not written: do not leave its bytes behind.
    await files.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function listDocuments(ctx: TenantContext, owner: Owner) {
  const [[found], rows] = await ctx.db.batch([
    ownerLookup(ctx, owner),
    ctx.db
      .select({ document: documents, uploaderName: named(users.name, 'uploader_name') })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(ownerDocuments(ctx, owner))
      .orderBy(desc(documents.createdAt), desc(documents.id)),
    documentsReadLog(ctx, owner),
  ]);
  if (!found) throw notFound(OWNER_LABEL[owner.type]);
  return rows.map((r) => toDocument({ ...r.document, uploaderName: r.uploaderName }));
}

async function findDocument(ctx: TenantContext, owner: Owner, docId: string) {
  const [row] = await ctx.db
    .select()
    .from(documents)
    .where(ownerDocuments(ctx, owner, eq(documents.id, docId)))
    .limit(1);
  if (!row) throw notFound('Document');
  return row;
}

/** The stored bytes, for a download; the download is recorded in the activity log. */
export async function downloadDocument(ctx: TenantContext, owner: Owner, docId: string) {
  const files = filesOf(ctx);
  const row = await findDocument(ctx, owner, docId);
  const stored = await files.get(row.storageKey);
  if (!stored) throw new AppError(404, 'Document file not found');
  const bytes = new Uint8Array(await stored.arrayBuffer());
  await activity(ctx, 'export', 'document', row.id, `Downloaded ${row.name} of ${owner.type} ${owner.id}`);
  // Names stored before extensions followed the verified type get the same treatment on the way out.
  const type = ALLOWED_TYPES.find((t) => t === row.contentType);
  return { name: type ? storedFileName(row.name, type) : safeFileName(row.name), contentType: row.contentType, bytes };
}

export async function deleteDocument(ctx: TenantContext, owner: Owner, docId: string) {
  const files = filesOf(ctx);
  const row = await findDocument(ctx, owner, docId);
  await ctx.db.batch([
    ctx.db.delete(documents).where(ctx.scoped(documents, eq(documents.id, row.id))),
    activity(ctx, 'delete', 'document', row.id, `Deleted ${row.name} of ${owner.type} ${owner.id}`),
  ]);
  // After the commit: a stray object costs storage, a row without its object would break downloads.
  await files.delete(row.storageKey).catch(() => undefined);
  return { _id: row.id };
}

/** For deleting owners: a statement reading their documents' keys, and one deleting their rows. */
export function ownerDocumentKeys(ctx: TenantContext, type: OwnerType, ownerIds: readonly string[]) {
  return ctx.db
    .select({ key: documents.storageKey })
    .from(documents)
    .where(and(ctx.scoped(documents, eq(documents.ownerType, type)), inJson(documents.ownerId, ownerIds)));
}

export function deleteOwnerDocuments(ctx: TenantContext, type: OwnerType, ownerIds: readonly string[]) {
  return ctx.db
    .delete(documents)
    .where(and(ctx.scoped(documents, eq(documents.ownerType, type)), inJson(documents.ownerId, ownerIds)));
}

/** Removes stored objects after their rows are gone; failures leave only unreachable bytes behind. */
export async function removeStoredFiles(ctx: TenantContext, keys: readonly string[]) {
  if (!ctx.files || keys.length === 0) return;
  const files = ctx.files;
  await Promise.all(keys.map((key) => files.delete(key).catch(() => undefined)));
}
