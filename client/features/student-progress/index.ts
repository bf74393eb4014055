/** What other features show of the gradebook's class results. */
export { ClassTermReport } from './components/student-progress-screen';
