import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Data, Row } from '~/lib/answers';
import { api } from '~/lib/api';
import type { CallJson } from '~/lib/calls';
import type { listComplaintsAnswer } from '../../../worker/modules/complaints/answers';
import type { dashboardSummaryAnswer, mailStatusAnswer } from '../../../worker/modules/dashboard/answers';
import type { listActivityAnswer } from '../../../worker/modules/settings/answers';

export const COMPLAINT_PRIORITIES = ['low', 'medium', 'high'] as const;
export type Complaint = Row<typeof listComplaintsAnswer>;
export type ComplaintPriority = Complaint['priority'];
export type ComplaintStatus = Complaint['status'];

/** GET /api/dashboard/summary: everything the dashboard shows, in one answer. */
export type DashboardSummary = Data<typeof dashboardSummaryAnswer>;
/** One school day: active students by attendance. */
export type AttendanceDay = DashboardSummary['attendanceTrend'][number];
export type ActivityEntry = Row<typeof listActivityAnswer>;
export type MailStatus = Data<typeof mailStatusAnswer>;

export type NewComplaint = CallJson<'POST /complaints'>;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: ['dashboard', 'summary'] as const,
  activity: ['dashboard', 'activity'] as const,
  mail: ['dashboard', 'mail'] as const,
};

/** GET /api/dashboard/mail-status: e-mail configured or not, the last delivery and the last day's failures. */
export const mailStatusQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.mail,
    queryFn: ({ signal }) => api.call('GET /dashboard/mail-status', {}, { signal }),
  });

export const summaryQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.summary,
    queryFn: ({ signal }) => api.call('GET /dashboard/summary', {}, { signal }),
  });

/** The five latest entries of the activity log (GET /api/settings/activity-logs). */
export const recentActivityQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.activity,
    queryFn: ({ signal }) => api.call('GET /settings/activity-logs', { query: { limit: 5 } }, { signal }),
  });

/** Reloads the whole dashboard, e.g. when the school's room reports new attendance. */
export function reloadDashboard(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

export function useLogComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewComplaint) => api.call('POST /complaints', { json: body }),
    onSuccess: () => reloadDashboard(queryClient),
  });
}

export function useUpdateComplaintStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ComplaintStatus }) =>
      api.call('PUT /complaints/:id', { param: { id }, json: { status } }),
    onSuccess: () => reloadDashboard(queryClient),
  });
}
