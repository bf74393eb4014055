// The form's fields are the worker's own list (checked against the rules in ./schemas).
export { SCHOOL_INFO_FIELDS } from '../../../worker/modules/settings/fields';
