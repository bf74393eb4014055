import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api';
import type { DayFigures, FeeFigures } from '~/lib/figures';

export const COMPLAINT_PRIORITIES = ['low', 'medium', 'high'] as const;
export type ComplaintPriority = (typeof COMPLAINT_PRIORITIES)[number];
export type ComplaintStatus = 'open' | 'in-progress' | 'resolved' | 'closed';

export interface ClassRef {
  _id: string;
  name: string | null;
  section: string | null;
}

export interface Complaint {
  _id: string;
  title: string;
  description: string | null;
  category: string | null;
  initiatedBy: string;
  date: string;
  priority: ComplaintPriority;
  status: ComplaintStatus;
  createdAt: string;
  updatedAt: string;
}

/** One school day: active students by attendance. */
export type AttendanceDay = DayFigures;

/** GET /api/dashboard/summary: everything the dashboard shows, in one answer. */
export interface DashboardSummary {
  today: string;
  currency: string;
  academicYear: string;
  cards: {
    students: { total: number; active: number };
    employees: { total: number; teachers: number; staff: number };
    classes: { total: number; subjects: number };
    fees: FeeFigures;
  };
  recentStudents: { _id: string; name: string; status: string; admissionDate: string; classId: ClassRef | null }[];
  recentComplaints: Complaint[];
  attendanceTrend: AttendanceDay[];
  feeCollectionByMonth: { month: string; amount: number; payments: number }[];
  studentsPerClass: { _id: string; name: string; section: string; capacity: number; students: number }[];
}

export interface ActivityEntry {
  _id: string;
  userName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  createdAt: string;
}

export interface NewComplaint {
  title: string;
  initiatedBy: string;
  date?: string;
  priority: ComplaintPriority;
  description?: string;
  category?: string;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: ['dashboard', 'summary'] as const,
  activity: ['dashboard', 'activity'] as const,
};

export const summaryQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.summary,
    queryFn: ({ signal }) => api.get<DashboardSummary>('/dashboard/summary', { signal }),
  });

/** The five latest entries of the activity log (GET /api/settings/activity-logs). */
export const recentActivityQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.activity,
    queryFn: ({ signal }) => api.get<ActivityEntry[]>('/settings/activity-logs', { signal, query: { limit: 5 } }),
  });

/** Reloads the whole dashboard, e.g. when the school's room reports new attendance. */
export function reloadDashboard(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

export function useLogComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewComplaint) => api.post<Complaint>('/complaints', body),
    onSuccess: () => reloadDashboard(queryClient),
  });
}

export function useUpdateComplaintStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ComplaintStatus }) =>
      api.put<Complaint>(`/complaints/${encodeURIComponent(id)}`, { status }),
    onSuccess: () => reloadDashboard(queryClient),
  });
}
