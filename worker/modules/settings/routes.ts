import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { attachmentHeader } from '../documents/schemas';
import {
  createBackupAnswer,
  downloadBackupAnswer,
  listActivityAnswer,
  listBackupsAnswer,
  restoreBackupAnswer,
  restoreUploadedBackupAnswer,
  schoolInfoAnswer,
  updateSchoolInfoAnswer,
} from './answers';
import { readBackupUpload } from './backup-file';
import { activityLogQuery, backupBody, backupListQuery, schoolInfoBody } from './schemas';
import {
  createBackup,
  downloadBackup,
  listActivity,
  listBackups,
  restoreBackup,
  restoreUploadedBackup,
  schoolInfo,
  updateSchoolInfo,
} from './service';

const admin = requireAuth('school_admin');

/**
 * `/api/settings`: the caller's own school. Every signed-in role may read the school's public details;
 * changing them, backups and the activity log are for administrators.
 */
export const settingsRoutes = new Hono<HonoEnv>()
  .get(
    '/school-info',
    contract({ summary: 'School info', responses: { 200: schoolInfoAnswer } }),
    requireAuth(),
    async (c) => ok(c, await schoolInfo(tenant(c))),
  )
  .put(
    '/school-info',
    contract({ summary: 'Update school info', responses: { 200: updateSchoolInfoAnswer } }),
    admin,
    validate('json', schoolInfoBody),
    async (c) =>
      ok(c, await updateSchoolInfo(tenant(c), c.req.valid('json')), {
        message: 'School information updated successfully',
      }),
  )
  .get(
    '/backup',
    contract({ summary: 'List backups', responses: { 200: listBackupsAnswer } }),
    admin,
    validate('query', backupListQuery),
    async (c) => {
      const { backups, total } = await listBackups(tenant(c), c.req.valid('query'));
      return ok(c, backups, { total });
    },
  )
  .post(
    '/backup',
    contract({ summary: 'Create backup', responses: { 201: createBackupAnswer } }),
    admin,
    validate('json', backupBody),
    async (c) =>
      created(c, await createBackup(tenant(c), c.req.valid('json').note), { message: 'Backup created successfully' }),
  )
  .get(
    '/backup/:id/download',
    contract({ summary: 'Download backup', responses: { 200: downloadBackupAnswer } }),
    admin,
    validate('param', idParam),
    async (c) => {
      const file = await downloadBackup(tenant(c), c.req.valid('param').id);
      return new Response(file.bytes, {
        headers: {
          'Content-Type': 'application/gzip',
          'Content-Disposition': attachmentHeader(file.name),
          'Content-Length': String(file.bytes.byteLength),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      });
    },
  )
  .post(
    '/backup/restore-upload',
    contract({
      summary: 'Restore uploaded backup',
      responses: { 200: restoreUploadedBackupAnswer },
      upload: {
        file: 'A backup file this school downloaded (gzip)',
        types: ['application/gzip'],
        raw: ['application/gzip', 'application/x-gzip', 'application/octet-stream'],
      },
      refuses: ['FILE_UNREADABLE', 'EMAIL_TAKEN', 'BACKUP_UNUSABLE'],
    }),
    admin,
    async (c) => {
      const restored = await restoreUploadedBackup(tenant(c), await readBackupUpload(c.req.raw));
      c.header('Cache-Control', 'private, no-store');
      return ok(c, restored, { message: 'Backup restored successfully' });
    },
  )
  .post(
    '/backup/:id/restore',
    contract({
      summary: 'Restore backup',
      responses: { 200: restoreBackupAnswer },
      refuses: ['EMAIL_TAKEN', 'BACKUP_UNUSABLE'],
    }),
    admin,
    validate('param', idParam),
    async (c) => {
      const restored = await restoreBackup(tenant(c), c.req.valid('param').id);
      // The answer holds the administrator's new session token: no cache may keep it.
      c.header('Cache-Control', 'private, no-store');
      return ok(c, restored, { message: 'Backup restored successfully' });
    },
  )
  .get(
    '/activity-logs',
    contract({ summary: 'List activity', responses: { 200: listActivityAnswer } }),
    admin,
    validate('query', activityLogQuery),
    async (c) => {
      const { logs, total } = await listActivity(tenant(c), c.req.valid('query'));
      return ok(c, logs, { total });
    },
  );
