import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Data } from '~/lib/answers';
import type { ApiClient } from '~/lib/api';
import type { CallJson } from '~/lib/calls';
import { useRealtimeEvent } from '~/lib/realtime';
import type { markSheetAnswer } from '../../../worker/modules/grades/answers';

/** `GET /api/grades/assessments/:id/marks`: the class list, each student with their mark or null. */
export type MarkSheet = Data<typeof markSheetAnswer>;
export type SheetStudent = MarkSheet['students'][number];
export type MarksBody = CallJson<'PUT /grades/assessments/:id/marks'>;
export type MarkStatus = MarksBody['marks'][number]['status'];

export const gradesKeys = {
  teaching: (teacherId: string) => ['grades', 'teaching', teacherId] as const,
  assessments: (classId: string, subjectId: string) => ['grades', 'assessments', classId, subjectId] as const,
  sheet: (id: string) => ['grades', 'sheet', id] as const,
};

/** The classes and subjects a teacher teaches (their record). */
export const teachingQuery = (client: ApiClient, teacherId: string) =>
  queryOptions({
    queryKey: gradesKeys.teaching(teacherId),
    queryFn: ({ signal }) => client.call('GET /teachers/:id', { param: { id: teacherId } }, { signal }),
    staleTime: 5 * 60_000,
  });

export const assessmentsQuery = (client: ApiClient, classId: string, subjectId: string) =>
  queryOptions({
    queryKey: gradesKeys.assessments(classId, subjectId),
    queryFn: ({ signal }) => client.call('GET /grades/assessments', { query: { classId, subjectId } }, { signal }),
  });

export const sheetQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: gradesKeys.sheet(id),
    queryFn: ({ signal }) => client.call('GET /grades/assessments/:id/marks', { param: { id } }, { signal }),
  });

export function useSaveMarks(client: ApiClient, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarksBody) => client.call('PUT /grades/assessments/:id/marks', { param: { id }, json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['grades'] }),
  });
}

/** Live: marks saved elsewhere (a co-teacher, the office) reload the open sheet. */
export function useLiveSheet(id: string | undefined) {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type === 'marks_saved' && event.data.assessmentId === id)
      void queryClient.invalidateQueries({ queryKey: gradesKeys.sheet(id) });
  });
}

export type Assessment = MarkSheet['assessment'];
export type AssessmentBody = CallJson<'POST /grades/assessments'>;
export type AssessmentUpdate = CallJson<'PUT /grades/assessments/:id'>;

/** The school's terms, which every assessment belongs to (teachers read them). */
export const termsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['grades', 'terms'] as const,
    queryFn: ({ signal }) => client.call('GET /grades/terms', {}, { signal }),
    staleTime: 5 * 60_000,
  });

/** Adds an assessment, or changes one when `id` is given (class and subject stay). */
export function useSaveAssessment(client: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: AssessmentUpdate } | { body: AssessmentBody }) =>
      'id' in input
        ? client.call('PUT /grades/assessments/:id', { param: { id: input.id }, json: input.body })
        : client.call('POST /grades/assessments', { json: input.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['grades'] }),
  });
}

/** Deletes an assessment and the marks the person was shown (refused if it holds another number by then). */
export function useDeleteAssessment(client: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, marks }: { id: string; marks: number }) =>
      client.call('DELETE /grades/assessments/:id', { param: { id }, query: { marks } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['grades'] }),
  });
}
