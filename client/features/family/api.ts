import { queryOptions } from '@tanstack/react-query';
import type { Data } from '~/lib/answers';
import { API_BASE, ApiError, authFailedMessage, networkFailedMessage, toApiError } from '~/lib/api';
import { type CallData, fileRequest } from '~/lib/calls';
import { fileNameOf, saveBlob } from '~/lib/download';
import type { childOverviewAnswer, childResultsAnswer } from '../../../worker/modules/family/answers';
import { endFamilySessionAfter401, type FamilyRole, familyApi, getFamilyToken } from './session';

export type AttendanceStatus = ChildOverview['todayAttendance'][number]['status'];
export type FeeStatus = ChildOverview['fees']['items'][number]['status'];
export type ImportantDateType = ChildOverview['upcomingDates'][number]['type'];

export type ChildOverview = Data<typeof childOverviewAnswer>;

export type FamilyProfile = CallData<'GET /auth/profile'>;

/** GET /api/auth/profile: checks the stored token; its 401 is handled by the guard, not the client. */
export const familyProfileQuery = (role: FamilyRole) =>
  queryOptions({
    queryKey: ['family', role, 'profile'],
    queryFn: () => familyApi.call('GET /auth/profile', {}, { handleUnauthorized: false }),
    staleTime: 5 * 60_000,
  });

/** GET /api/family/children: a parent's children, or the student themself. */
export const familyChildrenQuery = (role: FamilyRole) =>
  queryOptions({
    queryKey: ['family', role, 'children'],
    queryFn: () => familyApi.call('GET /family/children', {}, { handleUnauthorized: false }),
    staleTime: 5 * 60_000,
  });

/** GET /api/family/children/:id/overview. */
export const childOverviewQuery = (role: FamilyRole, childId: string) =>
  queryOptions({
    queryKey: ['family', role, 'overview', childId],
    queryFn: ({ signal }) =>
      familyApi.call('GET /family/children/:id/overview', { param: { id: childId } }, { signal }),
  });

/** POST /api/auth/logout; the local sign-out happens whatever it answers. */
export async function logoutFamily() {
  try {
    await familyApi.call('POST /auth/logout', {}, { handleUnauthorized: false });
  } catch {
    // Nothing to undo: the token is forgotten here anyway.
  }
}

/** GET /api/family/children/:id/results: the child's results of every published term. */
export const childResultsQuery = (role: FamilyRole, childId: string) =>
  queryOptions({
    queryKey: ['family', role, 'results', childId],
    queryFn: ({ signal }) => familyApi.call('GET /family/children/:id/results', { param: { id: childId } }, { signal }),
  });

export type ChildResults = Data<typeof childResultsAnswer>;

/** GET /api/family/children/:id/years: the child's years, with the results of published terms. */
export const childYearsQuery = (role: FamilyRole, childId: string) =>
  queryOptions({
    queryKey: ['family', role, 'years', childId],
    queryFn: ({ signal }) => familyApi.call('GET /family/children/:id/years', { param: { id: childId } }, { signal }),
  });

/** A file fetched with the family's token (a plain link would not carry it) and saved under the server's name. */
export async function saveFamilyFile(path: string, fallbackName: string, accept = 'application/pdf') {
  const token = getFamilyToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(networkFailedMessage(), 0);
  }
  if (response.status === 401) {
    endFamilySessionAfter401();
    throw new ApiError(authFailedMessage(), 401);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw toApiError(response.status, response.statusText, body);
  }
  saveBlob(await response.blob(), fileNameOf(response.headers.get('Content-Disposition'), fallbackName));
}

/** GET /api/family/receipts/:id/download. */
export async function downloadReceipt(receipt: { _id: string; receiptNumber: string }) {
  const { path } = fileRequest('GET /family/receipts/:id/download', { param: { id: receipt._id } });
  await saveFamilyFile(path, `receipt-${receipt.receiptNumber}.pdf`);
}

/** GET /api/family/children/:id/report-cards/:termId. */
export async function downloadReportCard(childId: string, term: { _id: string; name: string }) {
  const { path } = fileRequest('GET /family/children/:id/report-cards/:termId', {
    param: { id: childId, termId: term._id },
  });
  await saveFamilyFile(path, `report-card-${term.name}.pdf`);
}
