import type { InboxEventData, RealtimeEvent } from './events';

/** An inbox event's accounts as a set, made once per event however many sockets are asked (1,000 families). */
const recipientSets = new WeakMap<InboxEventData, Set<string>>();
function recipientsOf(data: InboxEventData): Set<string> {
  let set = recipientSets.get(data);
  if (!set) {
    set = new Set(data.userIds);
    recipientSets.set(data, set);
  }
  return set;
}

/** Who a connection belongs to and which classes concern them; fixed when the connection is accepted. */
export interface Audience {
  role: 'school_admin' | 'teacher' | 'student' | 'parent';
  userId: string;
  /** Classes whose registers and dates this person may see (ignored for school_admin, who sees all). */
  classIds: readonly string[];
}

/**
 * Admins receive every event of their school; teachers those of their classes and all-school dates;
 * students and parents only their own (or their children's) classes and all-school dates. A change to the
 * school itself (name, time zone, term) reaches everyone.
 */
export function concerns(audience: Audience, event: RealtimeEvent): boolean {
  // An inbox is its owner's alone, the office's included.
  if (event.type === 'inbox_updated') return recipientsOf(event.data).has(audience.userId);
  if (audience.role === 'school_admin' || event.type === 'school_updated') return true;
  if (event.type === 'homework_updated') {
    const inClass = audience.classIds.includes(event.data.classId);
    if (event.data.reason === 'set') return inClass;
    if (audience.role === 'teacher') return inClass;
    return Boolean(event.data.userIds?.includes(audience.userId));
  }
  if (event.type === 'attendance_updated' || event.type === 'results_published')
    return audience.classIds.includes(event.data.classId);
  // Marks are the staff's until results are published.
  if (event.type === 'marks_saved')
    return audience.role === 'teacher' && audience.classIds.includes(event.data.classId);
  if (event.data.applyToAllClasses) return true;
  return event.data.classIds.some((id) => audience.classIds.includes(id));
}
