import { useQueryClient } from '@tanstack/react-query';
import { rememberLanguages } from './i18n';
import { useRealtimeEvent } from './realtime';
import { STORAGE_KEYS, storage } from './storage';
import { getTeacherData } from './teacher-session';

/**
 * Keeps the stored school (name, time zone, language) current when the office changes it, and reloads the teacher's
 * screens; `onChange` lets a page re-read the stored teacher. Apart from `teacher-session.ts`, which the
 * sign-in screen loads without the live connection.
 */
export function useTeacherSchoolUpdates(onChange?: () => void) {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type !== 'school_updated') return;
    const teacher = getTeacherData();
    if (teacher && teacher.schoolId === event.data._id) {
      const { _id, name, timeZone, language } = event.data;
      storage.set(STORAGE_KEYS.teacherData, JSON.stringify({ ...teacher, school: { _id, name, timeZone, language } }));
      rememberLanguages({ school: language });
    }
    void queryClient.invalidateQueries({ queryKey: ['teacher'] });
    onChange?.();
  });
}
