import { queryOptions } from '@tanstack/react-query';
import { API_BASE, ApiError, AUTH_FAILED_MESSAGE, NETWORK_FAILED_MESSAGE, toApiError } from '~/lib/api';
import { fileNameOf, saveBlob } from '~/lib/download';
import {
  type ChildSummary,
  endFamilySessionAfter401,
  type FamilyRole,
  type FamilyUser,
  familyApi,
  getFamilyToken,
  type StudentData,
} from './session';

export type AttendanceStatus = 'present' | 'absent' | 'late' | 'excused';
export type FeeStatus = 'paid' | 'partial' | 'due' | 'overdue';
export type ImportantDateType = 'holiday' | 'exam' | 'event' | 'meeting' | 'deadline' | 'other';

export interface ChildOverview {
  child: {
    _id: string;
    name: string;
    rollNumber: string | null;
    status: string;
    classId: { _id: string; name: string | null; section: string | null; room: string | null } | null;
  };
  classTeacher: { name: string; email: string | null; phone: string | null } | null;
  /** The school's date today, YYYY-MM-DD. */
  today: string;
  currency: string;
  todayAttendance: {
    subject: string;
    teacher: string | null;
    status: AttendanceStatus;
    remarks: string | null;
    markedAt: string | null;
  }[];
  month: {
    from: string;
    to: string;
    present: number;
    absent: number;
    late: number;
    excused: number;
    total: number;
    attendanceRate: number | null;
    absences: { date: string; subject: string; status: AttendanceStatus; remarks: string | null }[];
  };
  timetable: {
    id: string;
    dayOfWeek: string;
    startTime: string;
    endTime: string;
    room: string | null;
    subject: string;
    teacher: string | null;
  }[];
  upcomingDates: {
    _id: string;
    title: string;
    description: string | null;
    date: string;
    type: ImportantDateType;
    priority: string | null;
    startTime: string | null;
    endTime: string | null;
    location: string | null;
    applyToAllClasses: boolean;
  }[];
  fees: {
    items: {
      structureId: string;
      instalment: number;
      category: string;
      /** 'Tuition · Dec 2026' for an instalment of several, the category alone otherwise. */
      label: string;
      dueDate: string;
      amount: number;
      paid: number;
      balance: number;
      status: FeeStatus;
    }[];
    totalDue: number;
    totalPaid: number;
    receipts: { _id: string; receiptNumber: string; amount: number; issuedOn: string }[];
  };
}

export interface FamilyProfile {
  user: FamilyUser;
  student?: StudentData | null;
  children?: ChildSummary[];
}

/** GET /api/auth/profile: checks the stored token; its 401 is handled by the guard, not the client. */
export const familyProfileQuery = (role: FamilyRole) =>
  queryOptions({
    queryKey: ['family', role, 'profile'],
    queryFn: () => familyApi.get<FamilyProfile>('/auth/profile', { handleUnauthorized: false }),
    staleTime: 5 * 60_000,
  });

/** GET /api/family/children: a parent's children, or the student themself. */
export const familyChildrenQuery = (role: FamilyRole) =>
  queryOptions({
    queryKey: ['family', role, 'children'],
    queryFn: () => familyApi.get<ChildSummary[]>('/family/children', { handleUnauthorized: false }),
    staleTime: 5 * 60_000,
  });

/** GET /api/family/children/:id/overview. */
export const childOverviewQuery = (role: FamilyRole, childId: string) =>
  queryOptions({
    queryKey: ['family', role, 'overview', childId],
    queryFn: ({ signal }) => familyApi.get<ChildOverview>(`/family/children/${childId}/overview`, { signal }),
  });

/** POST /api/auth/logout; the local sign-out happens whatever it answers. */
export async function logoutFamily() {
  try {
    await familyApi.post('/auth/logout', undefined, { handleUnauthorized: false });
  } catch {
    // Nothing to undo: the token is forgotten here anyway.
  }
}

/** GET /api/family/receipts/:id/download: fetched with the token (a plain link would not carry it) and saved. */
export async function downloadReceipt(receipt: { _id: string; receiptNumber: string }) {
  const token = getFamilyToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/family/receipts/${encodeURIComponent(receipt._id)}/download`, {
      headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(NETWORK_FAILED_MESSAGE, 0);
  }
  if (response.status === 401) {
    endFamilySessionAfter401();
    throw new ApiError(AUTH_FAILED_MESSAGE, 401);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw toApiError(response.status, response.statusText, body);
  }
  saveBlob(
    await response.blob(),
    fileNameOf(response.headers.get('Content-Disposition'), `receipt-${receipt.receiptNumber}.pdf`),
  );
}
