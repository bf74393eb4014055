// What the years module offers other modules.
export { type HistoryReader, studentHistory } from './history';
