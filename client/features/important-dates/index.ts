/** What other features may use: the dashboards' upcoming panel and the live-update reload. */
export { reloadImportantDates } from './api';
export { UpcomingDatesPanel, type UpcomingDatesPanelProps } from './components/upcoming-dates-panel';
