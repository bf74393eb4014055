/** Events the API publishes into a school's room after its write has committed. Shared by server and client. */
export type RealtimeEvent =
  | {
      type: 'attendance_updated';
      data: { type: 'bulk_attendance_marked'; successfulCount: number; date: string; classId: string };
    }
  | { type: 'important_date_created'; data: ImportantDateEventData }
  | { type: 'important_date_updated'; data: ImportantDateEventData }
  | { type: 'important_date_deleted'; data: ImportantDateEventData }
  | { type: 'school_updated'; data: SchoolEventData };

/** What every screen of the school shows of it: its name, and the zone and term its dates are counted in. */
export interface SchoolEventData {
  _id: string;
  name: string;
  timeZone: string;
  academicYear: string;
  semester: string;
}

export interface ImportantDateEventData {
  _id: string;
  title?: string;
  date?: string;
  applyToAllClasses: boolean;
  classIds: string[];
}

export type RealtimeEventType = RealtimeEvent['type'];
