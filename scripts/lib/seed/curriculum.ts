/** What each grade studies, how often, and who teaches it: every teacher's week fits in eight periods a day. */

export const CATEGORIES = [
  { name: 'Languages', description: 'English and Hindi' },
  { name: 'Sciences', description: 'Science and Computer Science' },
  { name: 'Mathematics', description: 'Mathematics' },
  { name: 'Humanities', description: 'Social Studies, History, Geography and Economics' },
  { name: 'Arts & Sports', description: 'Art, Music and Physical Education' },
] as const;

type Category = (typeof CATEGORIES)[number]['name'];

export const SUBJECTS: Record<
  string,
  { code: string; category: Category; type: 'core' | 'elective' | 'practical'; credits: number; description: string }
> = {
  English: {
    code: 'ENG',
    category: 'Languages',
    type: 'core',
    credits: 5,
    description: 'Reading, writing and literature',
  },
  Hindi: { code: 'HIN', category: 'Languages', type: 'core', credits: 4, description: 'Hindi language and literature' },
  Mathematics: { code: 'MATH', category: 'Mathematics', type: 'core', credits: 6, description: 'NCERT mathematics' },
  Science: {
    code: 'SCI',
    category: 'Sciences',
    type: 'core',
    credits: 6,
    description: 'Physics, chemistry and biology',
  },
  'Social Studies (SST)': {
    code: 'SST',
    category: 'Humanities',
    type: 'core',
    credits: 4,
    description: 'History, geography and civics',
  },
  History: { code: 'HIST', category: 'Humanities', type: 'core', credits: 3, description: 'Indian and world history' },
  Geography: {
    code: 'GEO',
    category: 'Humanities',
    type: 'core',
    credits: 3,
    description: 'Physical and human geography',
  },
  Economics: { code: 'ECO', category: 'Humanities', type: 'core', credits: 3, description: 'Introductory economics' },
  'Computer Science': {
    code: 'CS',
    category: 'Sciences',
    type: 'practical',
    credits: 2,
    description: 'Computer lab: programming basics',
  },
  'Physical Education': {
    code: 'PE',
    category: 'Arts & Sports',
    type: 'practical',
    credits: 1,
    description: 'Games, athletics and yoga',
  },
  Art: { code: 'ART', category: 'Arts & Sports', type: 'elective', credits: 1, description: 'Drawing and craft' },
  Music: {
    code: 'MUS',
    category: 'Arts & Sports',
    type: 'elective',
    credits: 1,
    description: 'Vocal and instrumental music',
  },
};

/** Subject → [periods a week, teacher key], per grade. */
export const PLAN: Record<string, Record<string, [number, string]>> = {
  '6': {
    English: [4, 'fatima'],
    Hindi: [4, 'suresh'],
    Mathematics: [5, 'anjali'],
    Science: [4, 'sneha'],
    'Social Studies (SST)': [4, 'pooja'],
    'Physical Education': [1, 'sneha'],
    Art: [1, 'kiran'],
    Music: [1, 'kiran'],
  },
  '7': {
    English: [4, 'fatima'],
    Hindi: [4, 'suresh'],
    Mathematics: [5, 'anjali'],
    Science: [4, 'sneha'],
    'Social Studies (SST)': [4, 'pooja'],
    'Physical Education': [1, 'sneha'],
    Art: [1, 'kiran'],
    'Computer Science': [1, 'anjali'],
  },
  '8': {
    English: [4, 'fatima'],
    Hindi: [3, 'suresh'],
    Mathematics: [5, 'rahul'],
    Science: [5, 'sneha'],
    'Social Studies (SST)': [4, 'pooja'],
    'Physical Education': [1, 'sneha'],
    'Computer Science': [1, 'anjali'],
    Music: [1, 'kiran'],
  },
  '9': {
    English: [4, 'kiran'],
    Hindi: [3, 'suresh'],
    Mathematics: [5, 'rahul'],
    Science: [5, 'amit'],
    History: [2, 'fatima'],
    Geography: [2, 'amit'],
    Economics: [2, 'pooja'],
    'Computer Science': [1, 'anjali'],
  },
  '10': {
    English: [4, 'kiran'],
    Hindi: [3, 'suresh'],
    Mathematics: [5, 'rahul'],
    Science: [5, 'amit'],
    History: [2, 'fatima'],
    Geography: [2, 'amit'],
    Economics: [2, 'pooja'],
    'Computer Science': [1, 'anjali'],
  },
};

/** Class teachers, each of whom also teaches the class. */
export const CLASS_TEACHERS: Record<string, string> = {
  '6A': 'fatima',
  '6B': 'sneha',
  '7A': 'anjali',
  '7B': 'pooja',
  '8A': 'rahul',
  '8B': 'suresh',
  '9A': 'amit',
  '9B': 'kiran',
  '10A': 'fatima',
  '10B': 'pooja',
};

/**
 * Per-student fees for the year, in rupees, by grade. `due.month` counts months from the year's first; the exam
 * fee falls due next month (within the year), so the demo always has a fee still ahead.
 */
export const FEES = [
  {
    category: 'Tuition Fee',
    description: 'Tuition for the quarter',
    frequency: 'quarterly',
    optional: false,
    due: { month: 0, day: 15 },
    amount: { '6': 9_500, '7': 10_000, '8': 10_500, '9': 11_500, '10': 12_000 },
  },
  {
    category: 'Transport Fee',
    description: 'School bus, all routes',
    frequency: 'monthly',
    optional: true,
    due: { month: 0, day: 10 },
    amount: { '6': 1_800, '7': 1_800, '8': 1_800, '9': 1_800, '10': 1_800 },
  },
  {
    category: 'Library Fee',
    description: 'Library membership and reading programme',
    frequency: 'annual',
    optional: false,
    due: { month: 0, day: 30 },
    amount: { '6': 1_200, '7': 1_200, '8': 1_200, '9': 1_500, '10': 1_500 },
  },
  {
    category: 'Exam Fee',
    description: 'Half-yearly and annual examinations',
    frequency: 'termly',
    optional: false,
    due: { month: 'next', day: 10 },
    amount: { '6': 1_500, '7': 1_500, '8': 1_500, '9': 2_500, '10': 2_500 },
  },
] as const;
