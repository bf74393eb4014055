import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Data, Row } from '~/lib/answers';
import { api } from '~/lib/api';
import type { CallJson } from '~/lib/calls';
import type { listTermsAnswer, scaleAnswer } from '../../../worker/modules/grades/answers';

export type Term = Row<typeof listTermsAnswer>;
export type TermBody = CallJson<'POST /grades/terms'>;
export type GradingScale = Data<typeof scaleAnswer>;
export type ScaleBody = CallJson<'PUT /grades/scale'>;

export const gradingKeys = {
  terms: ['grades', 'terms'] as const,
  scale: ['grades', 'scale'] as const,
};

/** The scale every school starts with (migration 0014): "Reset to default" puts it back in the form. */
export const DEFAULT_BANDS: ScaleBody['bands'] = [
  { minPercent: 91, grade: 'A1', points: 10 },
  { minPercent: 81, grade: 'A2', points: 9 },
  { minPercent: 71, grade: 'B1', points: 8 },
  { minPercent: 61, grade: 'B2', points: 7 },
  { minPercent: 51, grade: 'C1', points: 6 },
  { minPercent: 41, grade: 'C2', points: 5 },
  { minPercent: 33, grade: 'D', points: 4 },
  { minPercent: 0, grade: 'E', points: 0 },
];

export const termsQuery = () =>
  queryOptions({
    queryKey: gradingKeys.terms,
    queryFn: ({ signal }) => api.call('GET /grades/terms', {}, { signal }),
  });

export const scaleQuery = () =>
  queryOptions({
    queryKey: gradingKeys.scale,
    queryFn: ({ signal }) => api.call('GET /grades/scale', {}, { signal }),
  });

function useAfter(key: readonly string[]) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['settings', 'activity'] });
  };
}

/** Adds a term, or changes one when `id` is given. */
export function useSaveTerm() {
  const after = useAfter(gradingKeys.terms);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TermBody }) =>
      id
        ? api.call('PUT /grades/terms/:id', { param: { id }, json: body })
        : api.call('POST /grades/terms', { json: body }),
    onSuccess: after,
  });
}

export function useDeleteTerm() {
  const after = useAfter(gradingKeys.terms);
  return useMutation({
    mutationFn: (id: string) => api.call('DELETE /grades/terms/:id', { param: { id } }),
    onSuccess: after,
  });
}

export function useSaveScale() {
  const queryClient = useQueryClient();
  const after = useAfter(gradingKeys.scale);
  return useMutation({
    mutationFn: (body: ScaleBody) => api.call('PUT /grades/scale', { json: body }),
    onSuccess: (scale) => {
      queryClient.setQueryData(gradingKeys.scale, scale);
      after();
    },
  });
}
