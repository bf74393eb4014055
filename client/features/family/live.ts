import type { RealtimeEvent } from '~/lib/realtime';

/** Whether a room event changes what the page shows for a child of this class. */
export function concernsClass(event: RealtimeEvent, classId: string | null | undefined): boolean {
  if (event.type === 'school_updated') return false;
  if (event.type === 'attendance_updated') return Boolean(classId) && event.data.classId === classId;
  if (event.data.applyToAllClasses) return true;
  return Boolean(classId) && event.data.classIds.includes(classId as string);
}

const MESSAGES: Record<RealtimeEvent['type'], string> = {
  attendance_updated: 'Attendance updated',
  important_date_created: 'New important date',
  important_date_updated: 'Important date updated',
  important_date_deleted: 'Important date removed',
  school_updated: 'School details updated',
};

/** The short toast shown when an event changes the chosen child's page. */
export function liveMessage(event: RealtimeEvent): { title: string; description?: string } {
  const title = MESSAGES[event.type];
  if (event.type === 'attendance_updated' || event.type === 'school_updated') return { title };
  if (event.data.title && event.type !== 'important_date_deleted') {
    return { title, description: event.data.title };
  }
  return { title };
}
