import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Row } from '~/lib/answers';
import { api } from '~/lib/api';
import { downloadCall } from '~/lib/download';
import { currentLanguage } from '~/lib/i18n';
import type { listDocumentsAnswer } from '../../../worker/modules/documents/answers';

/** Whose documents: a student's or a teacher's, by id. */
export interface DocumentOwner {
  type: 'student' | 'teacher';
  id: string;
}

/** A stored document as `/api/<owners>/{id}/documents` answers it. */
export type OwnedDocument = Row<typeof listDocumentsAnswer>;

export const ALLOWED_UPLOADS = ['application/pdf', 'image/png', 'image/jpeg'];
export const MAX_UPLOAD_BYTES = 10_000_000;

/** The server's document rules, checked first so a wrong file fails at once. */
export function uploadProblem(file: File): string | null {
  if (!ALLOWED_UPLOADS.includes(file.type)) return t`Only PDF, PNG and JPEG files are allowed`;
  if (file.size > MAX_UPLOAD_BYTES) return t`File is larger than 10 MB`;
  if (file.size === 0) return t`File is empty`;
  return null;
}

export const documentKeys = {
  of: (owner: DocumentOwner) => ['documents', owner.type, owner.id] as const,
};

/** The owner's documents calls: the students' and the teachers' are declared alike. */
const owners = (owner: DocumentOwner) => `/${owner.type}s/:id/documents` as const;

export const documentsQuery = (owner: DocumentOwner) =>
  queryOptions({
    queryKey: documentKeys.of(owner),
    queryFn: ({ signal }) => api.call(`GET ${owners(owner)}`, { param: { id: owner.id } }, { signal }),
  });

export function useUploadDocument(owner: DocumentOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set('file', file, file.name);
      return api.call(`POST ${owners(owner)}`, { param: { id: owner.id }, form: body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.of(owner) }),
  });
}

export function useDeleteDocument(owner: DocumentOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (docId: string) => api.call(`DELETE ${owners(owner)}/:docId`, { param: { id: owner.id, docId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.of(owner) }),
  });
}

export const downloadDocument = (owner: DocumentOwner, doc: OwnedDocument) =>
  downloadCall(`GET ${owners(owner)}/:docId/download`, doc.name, { param: { id: owner.id, docId: doc._id } });

const figure = (value: number, digits: number) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(
    value,
  );

export function formatSize(bytes: number): string {
  if (bytes < 1024) return t`${figure(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return t`${figure(bytes / 1024, 0)} KB`;
  return t`${figure(bytes / 1024 / 1024, 1)} MB`;
}

const dateFormat = () =>
  new Intl.DateTimeFormat(currentLanguage(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The upload's calendar day, e.g. '1 Apr 2026'. */
export function formatUploaded(createdAt: string): string {
  const parsed = new Date(`${createdAt.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? createdAt : dateFormat().format(parsed);
}
