import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { refusalOf, refuseIf } from '../../db/guard';
import { homeworkFiles, students } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { ALLOWED_TYPES, checkUpload, type Upload } from '../documents';
import { found, homeworkById, isFamilyOf, mayManage, maySee, returnedRefusal, whileNotReturned } from './access';
import { MAX_FILES, TOO_MANY_FILES } from './schemas';

type FileRow = typeof homeworkFiles.$inferSelect;

/** The teacher's attachments (`studentId` null) or one student's files of a hand-in, oldest first. */
export function filesOf(ctx: TenantContext, homeworkId: string, studentId: string | null) {
  return ctx.db
    .select()
    .from(homeworkFiles)
    .where(
      ctx.scoped(
        homeworkFiles,
        eq(homeworkFiles.homeworkId, homeworkId),
        studentId === null ? isNull(homeworkFiles.studentId) : eq(homeworkFiles.studentId, studentId),
      ),
    )
    .orderBy(asc(homeworkFiles.createdAt), asc(homeworkFiles.id));
}

export function toFile(row: FileRow) {
  return { _id: row.id, name: row.name, contentType: row.contentType, size: row.size, createdAt: row.createdAt };
}

function bucket(ctx: TenantContext) {
  if (!ctx.files) throw new AppError(503, 'File storage is not configured');
  return ctx.files;
}

/** The file's bytes first, its row in one batch with its rules; bytes whose row is refused are removed again. */
async function store(
  ctx: TenantContext,
  homeworkId: string,
  studentId: string | null,
  upload: Upload,
  summary: (name: string) => string,
) {
  const files = bucket(ctx);
  const file = checkUpload(upload);
  const id = newId();
  const key = `homework/${ctx.schoolId}/${homeworkId}/${id}`;
  await files.put(key, file.bytes, { httpMetadata: { contentType: file.contentType } });
  const now = ctx.now().toISOString();
  const same = and(
    eq(homeworkFiles.homeworkId, homeworkId),
    studentId === null ? isNull(homeworkFiles.studentId) : eq(homeworkFiles.studentId, studentId),
  );
  try {
    const [[row]] = await ctx.db.batch([
      ctx.db
        .insert(homeworkFiles)
        .values({
          id,
          schoolId: ctx.schoolId,
          homeworkId,
          studentId,
          name: file.name,
          contentType: file.contentType,
          size: file.bytes.byteLength,
          storageKey: key,
          uploadedBy: ctx.session.userId,
          createdAt: now,
        })
        .returning(),
      refuseIf(
        ctx.db,
        'homework-files',
        sql`select n as detail from (select count(*) as n from ${homeworkFiles} where ${ctx.scoped(homeworkFiles, same)}) where n > ${MAX_FILES}`,
      ),
      ...whileNotReturned(ctx, homeworkId, studentId),
      activity(ctx, 'create', 'homework_file', id, summary(file.name)),
    ]);
    return toFile(row);
  } catch (error) {
    await files.delete(key).catch(() => undefined);
    if (refusalOf(error, 'homework-files')) throw new AppError(409, TOO_MANY_FILES, { code: 'CONFLICT' });
    throw returnedRefusal(error);
  }
}

/** `POST /api/homework/:id/files`: an attachment of the teacher's, checked as documents are. */
export async function uploadHomeworkFile(ctx: TenantContext, homeworkId: string, upload: Upload) {
  const [row] = await homeworkById(ctx, homeworkId);
  const current = found(row);
  mayManage(ctx, current);
  const attached = await store(
    ctx,
    homeworkId,
    null,
    upload,
    (name) => `Attached ${name} to homework "${current.title}"`,
  );
  await ctx.publish(ctx.schoolId, {
    type: 'homework_updated',
    data: { reason: 'set', homeworkId, classId: current.classId },
  });
  return attached;
}

/** The signed-in student's row: their id, class and whether they are active. */
export const ownStudent = (ctx: TenantContext) =>
  ctx.db
    .select({ id: students.id, classId: students.classId, status: students.status })
    .from(students)
    .where(ctx.scoped(students, eq(students.userId, ctx.session.userId)))
    .limit(1);

/** `POST /api/homework/:id/submission/files`: a file of the student's own hand-in, until the work is returned. */
export async function uploadSubmissionFile(ctx: TenantContext, homeworkId: string, upload: Upload) {
  const [[row], [me]] = await ctx.db.batch([homeworkById(ctx, homeworkId), ownStudent(ctx)]);
  const current = found(row);
  if (!me || !current.family) throw notFound('Homework');
  return store(ctx, homeworkId, me.id, upload, (name) => `Handed in ${name} for homework "${current.title}"`);
}

/**
 * `GET /api/homework/:id/files/:fileId`: an attachment for whoever sees the homework; a hand-in's file for its
 * student, their parents and the homework's staff. Each download is logged.
 */
export async function downloadHomeworkFile(ctx: TenantContext, homeworkId: string, fileId: string) {
  const [[row], [file]] = await ctx.db.batch([
    homeworkById(ctx, homeworkId),
    ctx.db
      .select({
        file: homeworkFiles,
        family: isFamilyOf(ctx, sql`${homeworkFiles.studentId}`).mapWith(Number).as('family'),
      })
      .from(homeworkFiles)
      .where(ctx.scoped(homeworkFiles, eq(homeworkFiles.homeworkId, homeworkId), eq(homeworkFiles.id, fileId)))
      .limit(1),
  ]);
  const current = found(row);
  maySee(ctx, current);
  if (!file) throw notFound('File');
  const family = ctx.session.role === 'student' || ctx.session.role === 'parent';
  if (file.file.studentId && family && !file.family) throw notFound('File');
  const stored = await bucket(ctx).get(file.file.storageKey);
  if (!stored) throw new AppError(404, 'File not found');
  const bytes = new Uint8Array(await stored.arrayBuffer());
  await activity(
    ctx,
    'export',
    'homework_file',
    file.file.id,
    `Downloaded ${file.file.name} of homework "${current.title}"`,
  );
  const contentType = ALLOWED_TYPES.find((t) => t === file.file.contentType) ?? 'application/octet-stream';
  return { name: file.file.name, contentType, bytes };
}

/**
 * `DELETE /api/homework/:id/files/:fileId`: the staff who manage the homework remove one of its attachments; a
 * student removes a file of their own hand-in until the work is returned. The row goes with its log line in one
 * batch (the return checked inside it), then its bytes; anyone else's file answers 404.
 */
export async function removeHomeworkFile(ctx: TenantContext, homeworkId: string, fileId: string) {
  const files = bucket(ctx);
  const [[row], [me], [file]] = await ctx.db.batch([
    homeworkById(ctx, homeworkId),
    ownStudent(ctx),
    ctx.db
      .select()
      .from(homeworkFiles)
      .where(ctx.scoped(homeworkFiles, eq(homeworkFiles.homeworkId, homeworkId), eq(homeworkFiles.id, fileId)))
      .limit(1),
  ]);
  const current = found(row);
  const ofStudent = ctx.session.role === 'student';
  if (!ofStudent) mayManage(ctx, current);
  else if (!me || !current.family) throw notFound('Homework');
  const owner = ofStudent && me ? me.id : null;
  if (!file || file.studentId !== owner) throw notFound('File');
  try {
    await ctx.db.batch([
      ctx.db.delete(homeworkFiles).where(ctx.scoped(homeworkFiles, eq(homeworkFiles.id, file.id))),
      ...whileNotReturned(ctx, homeworkId, owner),
      activity(
        ctx,
        'delete',
        'homework_file',
        file.id,
        owner === null
          ? `Removed ${file.name} from homework "${current.title}"`
          : `Took back ${file.name} handed in for homework "${current.title}"`,
      ),
    ]);
  } catch (error) {
    throw returnedRefusal(error);
  }
  // The row is gone, so nothing names the bytes any more: a failed removal leaves them unreachable, not shown.
  await files.delete(file.storageKey).catch(() => undefined);
  if (owner === null) {
    await ctx.publish(ctx.schoolId, {
      type: 'homework_updated',
      data: { reason: 'set', homeworkId, classId: current.classId },
    });
  }
  return toFile(file);
}
