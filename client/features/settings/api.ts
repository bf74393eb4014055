import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Data, Row } from '~/lib/answers';
import { api } from '~/lib/api';
import type { CallJson, CallQuery } from '~/lib/calls';
import { downloadCall } from '~/lib/download';
import { establishSession, getSession, type SessionUser } from '~/lib/session';
import type {
  listActivityAnswer,
  listBackupsAnswer,
  restoreBackupAnswer,
  restoreUploadedBackupAnswer,
  schoolInfoAnswer,
} from '../../../worker/modules/settings/answers';

export type SchoolInfo = Data<typeof schoolInfoAnswer>;
export type SchoolInfoBody = CallJson<'PUT /settings/school-info'>;
export type Backup = Row<typeof listBackupsAnswer>;
/** A restore ends every session of the school; it answers with a fresh one for the administrator who ran it. */
export type RestoredBackup = Data<typeof restoreBackupAnswer>;
export type RestoredUpload = Data<typeof restoreUploadedBackupAnswer>;

export const ACTIVITY_ACTIONS = ['create', 'update', 'delete', 'read', 'export', 'restore'] as const;
export type ActivityEntry = Row<typeof listActivityAnswer>;
export type ActivityAction = ActivityEntry['action'];

export type ActivityFilters = CallQuery<'GET /settings/activity-logs'> & { page: number; limit: number };

export interface Paged<T> {
  rows: T[];
  total: number;
}

export const settingsKeys = {
  schoolInfo: ['school-info'] as const,
  backups: (page: number) => ['settings', 'backups', page] as const,
  backupsAll: ['settings', 'backups'] as const,
  activity: (filters: ActivityFilters) => ['settings', 'activity', filters] as const,
  activityAll: ['settings', 'activity'] as const,
};

/** GET /api/settings/school-info. */
export const schoolInfoQuery = () =>
  queryOptions({
    queryKey: settingsKeys.schoolInfo,
    queryFn: ({ signal }) => api.call('GET /settings/school-info', {}, { signal }),
  });

/** GET /api/settings/backup, newest first. */
export const backupsQuery = (page: number, limit = 10) =>
  queryOptions({
    queryKey: settingsKeys.backups(page),
    queryFn: async ({ signal }): Promise<Paged<Backup>> => {
      const body = await api.callBody('GET /settings/backup', { query: { page, limit } }, { signal });
      return { rows: body.data, total: body.total };
    },
    placeholderData: keepPreviousData,
  });

/** GET /api/settings/activity-logs with its filters. */
export const activityQuery = (filters: ActivityFilters) =>
  queryOptions({
    queryKey: settingsKeys.activity(filters),
    queryFn: async ({ signal }): Promise<Paged<ActivityEntry>> => {
      const body = await api.callBody('GET /settings/activity-logs', { query: filters }, { signal });
      return { rows: body.data, total: body.total };
    },
    placeholderData: keepPreviousData,
  });

/**
 * The top bar shows the school name from the session user: after a change, ask the server for the user
 * again (it carries the school), or failing that write the new name into the session we have.
 */
async function refreshSessionSchool(school: SchoolInfo) {
  const session = getSession();
  if (session.status !== 'authenticated' || !session.user || !session.token) return;
  let user: SessionUser = { ...session.user, school: { ...session.user.school, _id: school._id, name: school.name } };
  try {
    const verified = await api.call('GET /users/verify');
    if (verified?.user) user = verified.user;
  } catch {
    // The local copy above is right for the school name; the next visit checks the rest.
  }
  const current = getSession();
  if (current.status === 'authenticated' && current.token) {
    establishSession({ user, token: current.token, expiresAt: current.expiresAt ?? undefined });
  }
}

export function useUpdateSchoolInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SchoolInfoBody) => api.call('PUT /settings/school-info', { json: body }),
    onSuccess: async (school) => {
      queryClient.setQueryData(settingsKeys.schoolInfo, school);
      await refreshSessionSchool(school);
      // Currency, academic year and the like change what other screens show.
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['fees'] });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.activityAll });
    },
  });
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => api.call('POST /settings/backup', { json: note ? { note } : {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.backupsAll });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.activityAll });
    },
  });
}

/** A restore answers a fresh token (every other session ended): keep it, then reload every screen's data. */
function useAfterRestore() {
  const queryClient = useQueryClient();
  return async (restored: { token: string; expiresAt: string }) => {
    // The old token no longer works: keep the fresh one before any screen asks the server again.
    const session = getSession();
    if (session.status === 'authenticated' && session.user) {
      establishSession({ user: session.user, token: restored.token, expiresAt: restored.expiresAt });
    }
    // Every screen's data may have changed, the school's name included.
    await queryClient.invalidateQueries();
    try {
      await refreshSessionSchool(await api.call('GET /settings/school-info'));
    } catch {
      // The top bar catches up on the next visit.
    }
  };
}

export function useRestoreBackup() {
  const afterRestore = useAfterRestore();
  return useMutation({
    mutationFn: (id: string) => api.call('POST /settings/backup/:id/restore', { param: { id } }),
    onSuccess: afterRestore,
  });
}

/** POST /api/settings/backup/restore-upload: a file downloaded from this school's backups. */
export function useRestoreFromFile() {
  const afterRestore = useAfterRestore();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set('file', file);
      return api.call('POST /settings/backup/restore-upload', { form: body });
    },
    onSuccess: afterRestore,
  });
}

/** GET /api/settings/backup/:id/download: the backup as a file the school keeps (and can restore from). */
export function downloadBackup(id: string) {
  return downloadCall('GET /settings/backup/:id/download', 'school-backup.json.gz', { param: { id } });
}
