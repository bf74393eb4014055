import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '~/lib/i18n';
import type { RealtimeEvent } from '~/lib/realtime';

/** Whether a room event changes what the page shows for a child of this class. */
export function concernsClass(event: RealtimeEvent, classId: string | null | undefined): boolean {
  // Marks reach families once results are published, not as they are saved; messages and homework have their own
  // parts (`homeworkEvent`).
  if (
    event.type === 'school_updated' ||
    event.type === 'marks_saved' ||
    event.type === 'inbox_updated' ||
    event.type === 'homework_updated'
  )
    return false;
  if (event.type === 'attendance_updated' || event.type === 'results_published')
    return Boolean(classId) && event.data.classId === classId;
  if (event.data.applyToAllClasses) return true;
  return Boolean(classId) && event.data.classIds.includes(classId as string);
}

const MESSAGES: Record<Exclude<RealtimeEvent['type'], 'inbox_updated' | 'homework_updated'>, MessageDescriptor> = {
  attendance_updated: msg`Attendance updated`,
  important_date_created: msg`New important date`,
  important_date_updated: msg`Important date updated`,
  important_date_deleted: msg`Important date removed`,
  school_updated: msg`School details updated`,
  marks_saved: msg`Marks saved`,
  results_published: msg`Results updated`,
};

/** The short toast shown when an event changes the chosen child's page. */
export function liveMessage(event: RealtimeEvent): { title: string; description?: string } {
  if (event.type === 'inbox_updated' || event.type === 'homework_updated') return { title: '' };
  const title = i18n._(MESSAGES[event.type]);
  if (event.type === 'results_published')
    return { title: event.data.published ? i18n._(msg`New results published`) : i18n._(MESSAGES[event.type]) };
  if (event.type === 'attendance_updated' || event.type === 'school_updated' || event.type === 'marks_saved')
    return { title };
  if (event.data.title && event.type !== 'important_date_deleted') {
    return { title, description: event.data.title };
  }
  return { title };
}

/** A homework event for this child's class (new work, a hand-in of theirs, work returned), with its toast; else null. */
export function homeworkEvent(
  event: RealtimeEvent,
  classId: string | null | undefined,
): { title: string; reason: 'set' | 'submitted' | 'returned' } | null {
  if (event.type !== 'homework_updated' || !classId || event.data.classId !== classId) return null;
  const { reason } = event.data;
  const title =
    reason === 'set'
      ? i18n._(msg`New homework`)
      : reason === 'returned'
        ? i18n._(msg`Homework returned`)
        : i18n._(msg`Homework handed in`);
  return { title, reason };
}
