/** What other features may use: the office's card of today's registers. */
export type { RegisterFilter } from './api';
export { RegistersCard, type RegistersCardProps } from './components/registers-card';
