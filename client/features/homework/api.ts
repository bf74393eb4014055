import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Data, Row } from '~/lib/answers';
import { ApiError, authFailedMessage, networkFailedMessage, toApiError } from '~/lib/api';
import type { CallJson } from '~/lib/calls';
import { fileNameOf, saveBlob } from '~/lib/download';
import { useRealtimeEvent } from '~/lib/realtime';
import { getTeacherToken, teacherApi } from '~/lib/teacher-session';
import type {
  gradebookAnswer,
  homeworkAnswer,
  homeworkFile,
  listHomeworkAnswer,
  rosterAnswer,
} from '../../../worker/modules/homework/answers';

/** One homework as the list answers it: class, subject, due date and time, status and hand-in counts. */
export type HomeworkRow = Row<typeof listHomeworkAnswer>;
/** One homework with its attachments. */
export type Homework = Data<typeof homeworkAnswer>;
export type HomeworkFile = import('zod').output<typeof homeworkFile>;
export type Roster = Data<typeof rosterAnswer>;
export type RosterStudent = Roster['students'][number];
export type GradebookResult = Data<typeof gradebookAnswer>;
export type HomeworkBody = CallJson<'POST /homework'>;
export type HomeworkUpdate = CallJson<'PUT /homework/:id'>;
export type ReviewBody = CallJson<'PUT /homework/:id/submissions/:studentId/review'>;

/** The teacher's homework pages: the list, one homework, its roster. */
export const PAGE_SIZE = 20;
const client = teacherApi;

export const homeworkKeys = {
  all: ['homework'] as const,
  list: (classId: string, subjectId: string, page: number) => ['homework', 'list', classId, subjectId, page] as const,
  one: (id: string) => ['homework', 'one', id] as const,
  roster: (id: string) => ['homework', 'roster', id] as const,
  submission: (id: string, studentId: string) => ['homework', 'submission', id, studentId] as const,
};

/** A class's subject's homework, newest due first, a page at a time (with the whole count). */
export const homeworkListQuery = (classId: string, subjectId: string, page: number) =>
  queryOptions({
    queryKey: homeworkKeys.list(classId, subjectId, page),
    queryFn: ({ signal }) =>
      client.callBody('GET /homework', { query: { classId, subjectId, page, limit: PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const homeworkQuery = (id: string) =>
  queryOptions({
    queryKey: homeworkKeys.one(id),
    queryFn: ({ signal }) => client.call('GET /homework/:id', { param: { id } }, { signal }),
  });

/** Every active student of the class, with their hand-in or none. */
export const rosterQuery = (id: string) =>
  queryOptions({
    queryKey: homeworkKeys.roster(id),
    queryFn: ({ signal }) => client.call('GET /homework/:id/submissions', { param: { id } }, { signal }),
  });

/** One student's hand-in with its files (the roster counts them only). */
export const submissionQuery = (id: string, studentId: string) =>
  queryOptions({
    queryKey: homeworkKeys.submission(id, studentId),
    queryFn: ({ signal }) =>
      client.call('GET /homework/:id/submissions/:studentId', { param: { id, studentId } }, { signal }),
  });

/** Reloads every homework list, homework and roster shown; not awaited, so a row redrawn by it cannot swallow a toast. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: homeworkKeys.all });
}

/** Sets homework, or changes it when `id` is given (class and subject stay). */
export function useSaveHomework() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: string; body: HomeworkUpdate } | { body: HomeworkBody }) =>
      'id' in input
        ? client.call('PUT /homework/:id', { param: { id: input.id }, json: input.body })
        : client.call('POST /homework', { json: input.body }),
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteHomework() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => client.call('DELETE /homework/:id', { param: { id } }),
    onSuccess: () => void invalidate(),
  });
}

/** Attaches one file (PDF, PNG or JPEG, checked as documents are) to homework. */
export function useAttachFile() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return client.call('POST /homework/:id/files', { param: { id }, form });
    },
    onSuccess: () => void invalidate(),
  });
}

/** Removes one attachment of the homework. */
export function useRemoveFile(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (fileId: string) => client.call('DELETE /homework/:id/files/:fileId', { param: { id, fileId } }),
    onSuccess: () => void invalidate(),
  });
}

export function useReview(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: string; body: ReviewBody }) =>
      client.call('PUT /homework/:id/submissions/:studentId/review', { param: { id, studentId }, json: body }),
    onSuccess: () => void invalidate(),
  });
}

export function useSendToGradebook(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => client.call('POST /homework/:id/gradebook', { param: { id } }),
    onSuccess: () => void invalidate(),
  });
}

/** Live: a hand-in, a return or new homework elsewhere reloads the lists and the open roster. */
export function useLiveHomework() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type === 'homework_updated') void queryClient.invalidateQueries({ queryKey: homeworkKeys.all });
  });
}

/** A file of the homework or of a hand-in, fetched with the teacher's token (a plain link cannot send it) and saved. */
export async function downloadHomeworkFile(homeworkId: string, file: HomeworkFile): Promise<void> {
  const token = getTeacherToken();
  let response: Response;
  try {
    response = await fetch(
      `/api/homework/${encodeURIComponent(homeworkId)}/files/${encodeURIComponent(file._id)}`,
      // i18n-ignore: an HTTP header.
      { headers: token ? { Authorization: `Bearer ${token}` } : {} },
    );
  } catch {
    throw new ApiError(networkFailedMessage(), 0);
  }
  if (response.status === 401) throw new ApiError(authFailedMessage(), 401);
  if (!response.ok) throw toApiError(response.status, response.statusText, await response.json().catch(() => null));
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), file.name));
}
