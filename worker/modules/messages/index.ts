/** What other modules may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export {
  type AlertSettings,
  alertSettingsOf,
  alertWrites,
  existingAlertsRead,
  familiesRead,
  missedCodes,
  missedMarksRead,
  type PupilDay,
  planAlerts,
  publishAlerts,
} from './absence-alerts';
export { runScheduledAlerts } from './alert-schedule';
export { alertDay } from './alert-texts';
export { messageWrites } from './writes';
