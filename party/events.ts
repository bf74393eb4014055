/** Events the API publishes into a school's room after its write has committed. Shared by server and client. */
export type RealtimeEvent =
  | {
      type: 'attendance_updated';
      data: { type: 'bulk_attendance_marked'; successfulCount: number; date: string; classId: string };
    }
  | { type: 'important_date_created'; data: ImportantDateEventData }
  | { type: 'important_date_updated'; data: ImportantDateEventData }
  | { type: 'important_date_deleted'; data: ImportantDateEventData };

export interface ImportantDateEventData {
  _id: string;
  title?: string;
  date?: string;
  applyToAllClasses: boolean;
  classIds: string[];
}

export type RealtimeEventType = RealtimeEvent['type'];
