/** What other modules may use of this one; the rest is its own (`scripts/check-layers.ts`). */

export { REMINDER_TIME, runScheduledReminders } from './reminders';
export { homeworkRoutes } from './routes';
