import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Data } from '~/lib/answers';
import { fileRequest } from '~/lib/calls';
import type {
  homeworkAnswer,
  homeworkFile,
  listTasksAnswer,
  studentHomeworkAnswer,
  submissionAnswer,
} from '../../../worker/modules/homework/answers';
import { saveFamilyFile } from './api';
import { type FamilyRole, familyApi } from './session';

export type ChildHomework = Data<typeof studentHomeworkAnswer>;
export type HomeworkRow = ChildHomework['homework'][number];
export type WorkStatus = HomeworkRow['status'];
export type HomeworkDetail = Data<typeof homeworkAnswer>;
export type HandIn = Data<typeof submissionAnswer>;
export type HomeworkFile = z.output<typeof homeworkFile>;
export type Task = Data<typeof listTasksAnswer>[number];
export type TaskStatus = Task['status'];
export type TaskPriority = Task['priority'];

export { WORK_STATUSES } from './homework-search';

/** Every homework query of one child: what a live event or a hand-in refreshes. */
export const childHomeworkKey = (role: FamilyRole, childId: string) => ['family', role, 'homework', childId] as const;

const PAGE = 20;

/** GET /api/homework/students/:id?status=…: one tab of the child's homework, newest due first, a page at a time. */
export const childHomeworkQuery = (role: FamilyRole, childId: string, status: WorkStatus) =>
  infiniteQueryOptions({
    queryKey: [...childHomeworkKey(role, childId), 'list', status],
    queryFn: ({ signal, pageParam }) =>
      familyApi.callBody(
        'GET /homework/students/:id',
        { param: { id: childId }, query: { status, page: pageParam, limit: PAGE } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.data.homework.length, 0);
      return shown < last.total ? pages.length + 1 : undefined;
    },
  });

/**
 * The card's figures: work still to hand in (the 50 nearest; the API lists newest due first, so the soonest are last)
 * and work overdue, each with its count.
 */
export const homeworkGlanceQuery = (role: FamilyRole, childId: string) =>
  queryOptions({
    queryKey: [...childHomeworkKey(role, childId), 'glance'],
    queryFn: async ({ signal }) => {
      const [pending, overdue] = await Promise.all([
        familyApi.callBody(
          'GET /homework/students/:id',
          { param: { id: childId }, query: { status: 'pending', limit: 50 } },
          { signal },
        ),
        familyApi.callBody(
          'GET /homework/students/:id',
          { param: { id: childId }, query: { status: 'overdue', limit: 3 } },
          { signal },
        ),
      ]);
      return {
        dueSoon: [...pending.data.homework].reverse().slice(0, 3),
        pending: pending.total,
        overdue: overdue.data.homework,
        overdueCount: overdue.total,
      };
    },
  });

/** GET /api/homework/:id and GET /api/homework/:id/submissions/:studentId: the work with its attachments and the child's hand-in. */
export const homeworkDetailQuery = (role: FamilyRole, childId: string, homeworkId: string) =>
  queryOptions({
    queryKey: [...childHomeworkKey(role, childId), 'detail', homeworkId],
    queryFn: async ({ signal }) => {
      const [homework, handIn] = await Promise.all([
        familyApi.call('GET /homework/:id', { param: { id: homeworkId } }, { signal }),
        familyApi.call(
          'GET /homework/:id/submissions/:studentId',
          { param: { id: homeworkId, studentId: childId } },
          { signal },
        ),
      ]);
      return { homework, handIn };
    },
  });

/** PUT /api/homework/:id/submission: the student hands in (again) their text. */
export function useHandIn(role: FamilyRole, childId: string, homeworkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      familyApi.call('PUT /homework/:id/submission', { param: { id: homeworkId }, json: { text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: childHomeworkKey(role, childId) }),
  });
}

/** POST /api/homework/:id/submission/files: one file of the hand-in, checked by the API (type, size, name). */
export function useAddHandInFile(role: FamilyRole, childId: string, homeworkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return familyApi.call('POST /homework/:id/submission/files', { param: { id: homeworkId }, form });
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...childHomeworkKey(role, childId), 'detail', homeworkId] }),
  });
}

/** Takes one file back out of the student's hand-in (until the work is returned). */
export function useRemoveHandInFile(role: FamilyRole, childId: string, homeworkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      familyApi.call('DELETE /homework/:id/files/:fileId', { param: { id: homeworkId, fileId } }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...childHomeworkKey(role, childId), 'detail', homeworkId] }),
  });
}

/** GET /api/homework/:id/files/:fileId: an attachment or a file of the hand-in, saved under its name. */
export async function downloadHomeworkFile(homeworkId: string, file: HomeworkFile) {
  const { path } = fileRequest('GET /homework/:id/files/:fileId', { param: { id: homeworkId, fileId: file._id } });
  await saveFamilyFile(path, file.name, file.contentType);
}

/** The files the hand-in takes, as the API checks them. */
export const HAND_IN_TYPES = ['application/pdf', 'image/png', 'image/jpeg'];

const tasksKey = (role: FamilyRole, childId: string) => ['family', role, 'tasks', childId] as const;

/** GET /api/homework/tasks?studentId=…: the student's own to-dos (a parent reads their child's). */
export const childTasksQuery = (role: FamilyRole, childId: string) =>
  queryOptions({
    queryKey: tasksKey(role, childId),
    queryFn: ({ signal }) =>
      familyApi.callBody('GET /homework/tasks', { query: { studentId: childId, limit: 200 } }, { signal }),
  });

export interface TaskInput {
  title: string;
  priority: TaskPriority;
  dueDate: string | null;
}

/** POST, PUT and DELETE /api/homework/tasks: a student's own to-dos. */
export function useTaskChanges(role: FamilyRole, childId: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: tasksKey(role, childId) });
  return {
    add: useMutation({
      mutationFn: (input: TaskInput) => familyApi.call('POST /homework/tasks', { json: input }),
      onSettled,
    }),
    setStatus: useMutation({
      mutationFn: ({ id, status }: { id: string; status: TaskStatus }) =>
        familyApi.call('PUT /homework/tasks/:id', { param: { id }, json: { status } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => familyApi.call('DELETE /homework/tasks/:id', { param: { id } }),
      onSettled,
    }),
  };
}
