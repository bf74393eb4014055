/** The school information form's fields, in its order: what Settings edits and what a backup carries of the school. */
export const SCHOOL_INFO_FIELDS = [
  'name',
  'code',
  'email',
  'phone',
  'address',
  'website',
  'academicBoard',
  'academicYear',
  'yearStartMonth',
  'semester',
  'timeZone',
  'currency',
  'language',
] as const;

/** The school's settings outside that form (set through the same call), which a backup carries too. */
export const SCHOOL_OPTION_FIELDS = [
  'rankStudents',
  'absenceAlerts',
  'absenceAlertTime',
  'absenceAlertLate',
  'absenceAlertStudents',
] as const;
