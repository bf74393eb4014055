import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '~/lib/realtime';
import { toast } from '~/lib/toast';
import { childHomeworkKey } from './homework-api';
import { homeworkEvent } from './live';
import type { FamilyRole } from './session';

/**
 * Keeps a child's homework current on an open page: new work for their class and work returned to them reload it
 * (and say so); their own hand-in from another screen reloads it quietly.
 */
export function useLiveHomework(role: FamilyRole, childId: string, classId: string | null | undefined) {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    const change = homeworkEvent(event, classId);
    if (!change) return;
    void queryClient.invalidateQueries({ queryKey: childHomeworkKey(role, childId) });
    if (change.reason !== 'submitted') toast.info(change.title);
  });
}
