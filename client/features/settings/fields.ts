/** The school information form's fields, in its order (checked against the rules in ./schemas). */
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
] as const;
