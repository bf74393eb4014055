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
  'language',
] as const;

// The form edits what the worker keeps of a school (and a backup carries): the two lists name the same fields.
type Field = (typeof SCHOOL_INFO_FIELDS)[number];
type Kept = typeof import('../../../worker/modules/settings/fields')['SCHOOL_INFO_FIELDS'][number];
export const SAME_FIELDS: [Field] extends [Kept] ? ([Kept] extends [Field] ? true : never) : never = true;
