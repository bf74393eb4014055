import type { complaints, importantDates } from '../../../worker/db/schema';

/**
 * The school calendar around today: `offset` is in days from the school's today (moved to the nearest weekday,
 * away from today), `classes` scopes a date to a few classes by grade and section.
 */
export const CALENDAR: {
  offset: number;
  title: string;
  type: (typeof importantDates.$inferInsert)['type'];
  priority: (typeof importantDates.$inferInsert)['priority'];
  classes?: string[];
  startTime?: string;
  endTime?: string;
  location?: string;
  description: string;
}[] = [
  {
    offset: -11,
    title: 'Local Election Holiday',
    type: 'holiday',
    priority: 'medium',
    description: 'School closed: the campus is a polling station.',
  },
  {
    offset: -6,
    title: 'Parent-Teacher Meeting: Class 9',
    type: 'meeting',
    priority: 'high',
    classes: ['9A', '9B'],
    startTime: '10:00',
    endTime: '13:00',
    location: 'Conference Hall',
    description: 'Half-term progress and board-exam preparation.',
  },
  {
    offset: -2,
    title: 'Unit Test 3: Mathematics',
    type: 'exam',
    priority: 'medium',
    classes: ['8A', '8B'],
    startTime: '08:00',
    endTime: '09:30',
    location: 'Classrooms',
    description: 'Chapters 6 to 8: linear equations and quadrilaterals.',
  },
  {
    offset: 3,
    title: 'Staff Meeting',
    type: 'meeting',
    priority: 'medium',
    startTime: '15:30',
    endTime: '16:30',
    location: 'Staff Room',
    description: 'Planning for the half-yearly examinations and Sports Day.',
  },
  {
    offset: 7,
    title: 'Term 2 Fee Payment Deadline',
    type: 'deadline',
    priority: 'high',
    description: 'Tuition and transport fees for the second term are due; late fee applies afterwards.',
  },
  {
    offset: 10,
    title: 'Annual Sports Day',
    type: 'event',
    priority: 'high',
    startTime: '08:00',
    endTime: '14:00',
    location: 'School Playground',
    description: 'Track events, relays and the inter-house march past. Parents are welcome.',
  },
  {
    offset: 14,
    title: 'Science Exhibition',
    type: 'event',
    priority: 'medium',
    classes: ['8A', '8B', '9A'],
    startTime: '10:00',
    endTime: '15:00',
    location: 'Auditorium',
    description: 'Working models on renewable energy and water conservation.',
  },
  {
    offset: 17,
    title: 'Social Studies Project Submission',
    type: 'deadline',
    priority: 'low',
    classes: ['7A', '7B'],
    description: 'Project file on the local history of Pune.',
  },
  {
    offset: 21,
    title: 'Annual Health Check-up: Class 6-A',
    type: 'other',
    priority: 'medium',
    classes: ['6A'],
    startTime: '09:00',
    endTime: '12:00',
    location: 'Medical Room',
    description: 'Height, weight, eyesight and dental check-up by the school doctor.',
  },
  {
    offset: 28,
    title: 'Half-Yearly Examinations Begin',
    type: 'exam',
    priority: 'critical',
    startTime: '08:00',
    endTime: '11:00',
    location: 'Examination Hall',
    description: 'The date sheet is on the notice board. Admit cards are issued a week before.',
  },
  {
    offset: 38,
    title: 'Pre-Board Examinations: Class 10',
    type: 'exam',
    priority: 'critical',
    classes: ['10A', '10B'],
    startTime: '09:00',
    endTime: '12:00',
    location: 'Examination Hall',
    description: 'Full-syllabus papers in the CBSE board format.',
  },
  {
    offset: 45,
    title: 'Winter Break Begins',
    type: 'holiday',
    priority: 'high',
    description: 'School reopens after two weeks.',
  },
  {
    offset: 52,
    title: 'Inter-House Quiz Competition',
    type: 'event',
    priority: 'low',
    startTime: '11:00',
    endTime: '13:00',
    location: 'Library',
    description: 'General knowledge quiz; two participants from each house per class.',
  },
];

/** Recent complaints; `initiatedBy` is a name, or the first parent of a student (class and roll). */
export const COMPLAINTS: {
  title: string;
  description: string;
  category: string;
  initiatedBy: string | { parentOf: string; roll: number };
  offset: number;
  priority: (typeof complaints.$inferInsert)['priority'];
  status: (typeof complaints.$inferInsert)['status'];
}[] = [
  {
    title: 'School bus arrives late on Route 4',
    description: 'The Wakad bus has reached school after 8:00 on most days this week.',
    category: 'Transport',
    initiatedBy: { parentOf: '7A', roll: 4 },
    offset: -2,
    priority: 'high',
    status: 'in-progress',
  },
  {
    title: 'Broken ceiling fan in Room 105',
    description: 'One of the two fans in Class 8-A stopped working.',
    category: 'Infrastructure',
    initiatedBy: 'Pooja Banerjee',
    offset: -9,
    priority: 'medium',
    status: 'resolved',
  },
  {
    title: 'Water cooler near the playground not working',
    description: 'Students have no drinking water near the ground during games periods.',
    category: 'Facilities',
    initiatedBy: 'Sneha Kulkarni',
    offset: -1,
    priority: 'high',
    status: 'open',
  },
  {
    title: 'Canteen food quality',
    description: 'Snacks served at lunch were cold on several days.',
    category: 'Canteen',
    initiatedBy: { parentOf: '9B', roll: 12 },
    offset: -5,
    priority: 'medium',
    status: 'open',
  },
  {
    title: 'Too much homework before unit tests',
    description: 'Several subjects set long assignments in the same week.',
    category: 'Academics',
    initiatedBy: { parentOf: '10A', roll: 7 },
    offset: -20,
    priority: 'low',
    status: 'closed',
  },
  {
    title: 'Teasing reported during lunch break',
    description: 'A student reported repeated name-calling by older students near the canteen.',
    category: 'Discipline',
    initiatedBy: 'Fatima Sheikh',
    offset: -3,
    priority: 'high',
    status: 'in-progress',
  },
];
