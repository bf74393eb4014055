/**
 * Every machine code an error answer can carry, with what it means. Clients match these, never the message text,
 * which the spec fixes for people and may be reworded. The OpenAPI document lists them.
 */
export const errorCodes = {
  VALIDATION_FAILED: "The body, query or path does not fit the call's schema; `details` names each field",
  MALFORMED_JSON: 'The body is not well-formed JSON',
  BAD_REQUEST: 'The request cannot be carried out as sent (the message says why)',
  CURRENT_PASSWORD_INCORRECT: 'The current password given to change a password is wrong',
  FUTURE_DATE: 'Attendance cannot be marked for a day still to come',
  NOT_TAUGHT: 'The teacher does not teach this subject to this class',
  FILE_UNREADABLE: 'The uploaded file is missing, empty or cannot be read',
  UNAUTHENTICATED: 'No token, or a token that is invalid, revoked or ended',
  INVALID_CREDENTIALS: 'The email or password is wrong, or the account cannot sign in',
  TOKEN_EXPIRED: 'The session has expired: sign in again',
  TEMPORARY_PASSWORD_EXPIRED: 'The temporary password the office gave has expired',
  RESET_LINK_INVALID: 'The password reset link has expired, was already used, or never existed',
  WRONG_ROLE: "The caller's role may not make this call",
  FORBIDDEN: 'The row is not the caller’s (a class they do not teach, another person’s record)',
  PASSWORD_CHANGE_REQUIRED: 'The account signed in with a temporary password and must choose its own first',
  OFFICIAL_RECORD: 'Students and parents cannot change the name and email the office keeps',
  NOT_FOUND: 'The row does not exist, or belongs to another school (both answer alike)',
  ROUTE_NOT_FOUND: 'No call has this method and path',
  CONFLICT: 'The change clashes with rows that exist (the message says which)',
  ALREADY_EXISTS: 'A row with the same unique details (name, number, code) exists',
  EMAIL_TAKEN: 'Another account already signs in with this email',
  ROLL_NUMBER_TAKEN: 'Another student of the class has this roll number',
  ADMISSION_NUMBER_TAKEN: 'Another student of the school has this admission number',
  YEAR_ROLLED: 'The school has already rolled over into this year, or another rollover has just moved it on',
  ROLLOVER_RESTARTED:
    'Another call started the rollover again, with other choices or after this year changed: the last call carries it on',
  PAST_YEAR: 'The class belongs to a past school year: only an administrator may correct its records',
  ROLLOVER_CONFLICTS:
    'The rollover plan has conflicts (capacity, a missing next grade, a repeated roll number): the dry run lists them',
  CLASS_FULL: 'The class has reached its capacity',
  TIMETABLE_CLASH: 'The teacher, class or room already has a lesson at this time',
  CAPACITY_BELOW_STUDENTS: 'A class cannot hold fewer places than the students already in it',
  SUBJECT_NOT_IN_CLASS: 'The subject is not taught in the class the register or mark is for',
  NOT_IN_CLASS: 'A student named is not in the class (or in no class at all)',
  FEE_OVERPAID: 'The payment would pass what is still owed on the instalment (or it is fully paid already)',
  FEE_NOT_OWED:
    'The student does not owe this instalment: an optional fee not assigned to them, one due before their admission and not charged, or no such instalment',
  FEE_NOT_IN_CLASS: "The fee is not for the student's class",
  FEE_PAID:
    'Payments are recorded against the fee: it cannot be deleted or moved to another class, and a student who paid stays assigned',
  INSTALMENT_PAID: 'A new due date or frequency would drop an instalment that has been paid',
  AMOUNT_BELOW_PAID: 'A fee cannot ask less than a student has already paid towards one of its instalments',
  TERM_OVERLAP: 'A term shares a day with another term of the school',
  DATE_OUTSIDE_TERM: "The assessment's date is not within its term",
  SCORE_ABOVE_MAXIMUM: "A score is more than the assessment's maximum marks (or the maximum would fall below one)",
  REPORT_CARDS_PUBLISHED:
    "The term's report cards are published for the class: a teacher deletes its assessments once the office withdraws them",
  IN_USE: 'Other records depend on this row, so it cannot be deleted or changed this way',
  TEACHER_INACTIVE: 'The teacher is deactivated',
  PAYLOAD_TOO_LARGE: 'The body or file is larger than the call accepts',
  UNSUPPORTED_MEDIA_TYPE: 'The body is not of a type the call accepts',
  BACKUP_UNUSABLE: 'The backup is damaged, missing, or belongs to another school',
  RATE_LIMITED: 'Too many attempts: wait for `Retry-After` seconds',
  INTERNAL_ERROR: 'Something failed on the server; the request id in the logs finds it',
  UNAVAILABLE: 'A service the call needs is not configured',
  SCHOOL_MOVING: "The school's records are being moved between databases: writes wait for `Retry-After` seconds",
} as const;

export type ErrorCode = keyof typeof errorCodes;
export const ERROR_CODES = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

/** The code an error answer carries when the place that made it names none: one per status. */
export const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'BACKUP_UNUSABLE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  503: 'UNAVAILABLE',
};

/** The codes any call may answer with, so no call declares them: the rest are each declared by the calls giving them. */
export const COMMON_CODES: readonly ErrorCode[] = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'WRONG_ROLE',
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL_ERROR',
  'UNAVAILABLE',
  'SCHOOL_MOVING',
];
