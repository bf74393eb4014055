/** Events the API publishes into a school's room after its write has committed. Shared by server and client. */
export type RealtimeEvent =
  | {
      type: 'attendance_updated';
      data: {
        type: 'bulk_attendance_marked' | 'attendance_marked' | 'attendance_corrected' | 'attendance_deleted';
        successfulCount: number;
        date: string;
        classId: string;
      };
    }
  | { type: 'important_date_created'; data: ImportantDateEventData }
  | { type: 'important_date_updated'; data: ImportantDateEventData }
  | { type: 'important_date_deleted'; data: ImportantDateEventData }
  | { type: 'school_updated'; data: SchoolEventData }
  | { type: 'marks_saved'; data: MarksSavedEventData }
  | { type: 'results_published'; data: ResultsPublishedEventData }
  | { type: 'inbox_updated'; data: InboxEventData }
  | { type: 'homework_updated'; data: HomeworkEventData };

/**
 * Homework was set (or its attachments changed) for a class: its teachers, students and parents see it; a student
 * handed work in: the class's teachers (and the student's own other screens); work was returned: the class's
 * teachers and the student's family. The room takes `userIds` off before sending.
 */
export interface HomeworkEventData {
  reason: 'set' | 'submitted' | 'returned';
  homeworkId: string;
  classId: string;
  /** The student (and parents) a hand-in or a return concerns. */
  userIds?: string[];
}

/** A term's report cards of a class were published or withdrawn: its families and teachers see it at once. */
export interface ResultsPublishedEventData {
  classId: string;
  termId: string;
  published: boolean;
}

/**
 * A message reached these accounts, or one of them read it. The room hands each of them only the reason and the
 * message's id, never the list nor the text: the screen asks the API for its own inbox.
 */
export interface InboxEventData {
  /** `withdrawn`: an absence alert was taken back (the registers were corrected). */
  reason: 'received' | 'read' | 'withdrawn';
  /** The message's key; empty when the event concerns several (the day's absence alerts). */
  messageId: string;
  /** Whom it concerns; the room takes it off before sending. */
  userIds?: string[];
}

/** An assessment's marks were saved: the office and the class's teachers see them (families once results are published). */
export interface MarksSavedEventData {
  assessmentId: string;
  classId: string;
  subjectId: string;
  saved: number;
}

/**
 * What every screen of the school shows of it: its name, the zone and term its dates are counted in, and the
 * language it speaks to those who did not choose their own.
 */
export interface SchoolEventData {
  _id: string;
  name: string;
  timeZone: string;
  academicYear: string;
  semester: string;
  language: 'en' | 'hi' | 'ar';
}

export interface ImportantDateEventData {
  _id: string;
  title?: string;
  date?: string;
  applyToAllClasses: boolean;
  classIds: string[];
}

export type RealtimeEventType = RealtimeEvent['type'];

/**
 * What the API tells a room about sessions; the room acts on it and never forwards it to a client.
 * - `sessions_ended`: close the sockets of these accounts, of these session tokens, or (`all`) every socket;
 *   never those of `exceptJtis` (the administrator who restored a backup keeps theirs, renewed just after).
 * - `session_renewed`: a refresh replaced token `fromJti` by `toJti`, which expires at `expiresAt` (seconds).
 * - `audience_changed`: these accounts' classes changed; their sockets reconnect to be admitted afresh.
 */
export type SessionNotice =
  | { type: 'sessions_ended'; data: { userIds?: string[]; jtis?: string[]; all?: boolean; exceptJtis?: string[] } }
  | { type: 'session_renewed'; data: { userId: string; fromJti: string; toJti: string; expiresAt: number } }
  | { type: 'audience_changed'; data: { userIds: string[] } };

/** Everything the API may publish into a room. */
export type RoomMessage = RealtimeEvent | SessionNotice;
