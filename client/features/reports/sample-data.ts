/** Fixed sample figures for the preview; nothing here comes from the server. */

export const SUMMARY = { reports: 24, students: 450, attendance: 92, feesCollected: 1_245_000 };
export const SAMPLE_CURRENCY = 'INR';

export const MONTHS = ['Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'];
export const ATTENDANCE_BY_MONTH = [93.1, 91.8, 92.6, 90.4, 92.9, 93.5];
export const FEES_BY_MONTH = [310_000, 142_000, 168_000, 205_000, 176_000, 244_000];
export const STUDENTS_BY_GRADE: [string, number][] = [
  ['Class 6', 96],
  ['Class 7', 92],
  ['Class 8', 88],
  ['Class 9', 90],
  ['Class 10', 84],
];

export interface SampleReport {
  id: string;
  label: string;
  title: string;
  description: string;
  columns: string[];
  /** The last column is numeric when `numericLast` is set. */
  rows: string[][];
  numericLast?: boolean;
}

export const REPORTS: SampleReport[] = [
  {
    id: 'report-card',
    label: 'Students Report Card',
    title: 'Student report cards',
    description: 'Marks and grades per subject for each student, per term.',
    columns: ['Student', 'Class', 'Term', 'Grade', 'Percentage'],
    rows: [
      ['Aarav Sharma', '10 - A', 'Term 1', 'A1', '94.2%'],
      ['Diya Patel', '9 - B', 'Term 1', 'A2', '88.6%'],
      ['Kabir Nair', '8 - A', 'Term 1', 'B1', '79.4%'],
    ],
    numericLast: true,
  },
  {
    id: 'students-info',
    label: 'Students Info Report',
    title: 'Student information',
    description: 'Admission details, contact information and class of every student.',
    columns: ['Student', 'Admission no.', 'Class', 'Phone'],
    rows: [
      ['Ananya Iyer', 'ADM2024051', '7 - A', '+91 98220 10001'],
      ['Vihaan Gupta', 'ADM2024032', '6 - B', '+91 98220 10002'],
      ['Meera Joshi', 'ADM2024188', '10 - B', '+91 98220 10003'],
    ],
  },
  {
    id: 'parents-info',
    label: 'Parents Info Report',
    title: 'Parent information',
    description: 'Parents and guardians of each student with their contact details.',
    columns: ['Student', 'Father', 'Mother', 'Phone'],
    rows: [
      ['Aarav Sharma', 'Rohit Sharma', 'Neha Sharma', '+91 98220 20001'],
      ['Diya Patel', 'Kiran Patel', 'Pooja Patel', '+91 98220 20002'],
      ['Kabir Nair', 'Suresh Nair', 'Lakshmi Nair', '+91 98220 20003'],
    ],
  },
  {
    id: 'student-attendance',
    label: 'Students Monthly Attendance Report',
    title: 'Monthly student attendance',
    description: 'Days present, absent and late per student for a month.',
    columns: ['Student', 'Present', 'Absent', 'Late', 'Rate'],
    rows: [
      ['Aarav Sharma', '22', '1', '0', '95.7%'],
      ['Diya Patel', '21', '2', '1', '91.3%'],
      ['Kabir Nair', '19', '4', '2', '82.6%'],
    ],
    numericLast: true,
  },
  {
    id: 'staff-attendance',
    label: 'Staff Monthly Attendance Report',
    title: 'Monthly staff attendance',
    description: 'Attendance of teachers and staff for a month.',
    columns: ['Employee', 'Role', 'Present', 'Leave', 'Rate'],
    rows: [
      ['Sneha Kulkarni', 'Teacher', '24', '1', '96.0%'],
      ['Rahul Verma', 'Teacher', '25', '0', '100.0%'],
      ['Anil Deshmukh', 'Accountant', '23', '2', '92.0%'],
    ],
    numericLast: true,
  },
  {
    id: 'fee-collection',
    label: 'Fee Collection Report',
    title: 'Fee collection',
    description: 'Fees collected per class and category over a period.',
    columns: ['Class', 'Category', 'Payments', 'Collected'],
    rows: [
      ['Class 6', 'Tuition Fee', '38', '₹4,56,000.00'],
      ['Class 8', 'Transport Fee', '21', '₹37,800.00'],
      ['Class 10', 'Exam Fee', '40', '₹60,000.00'],
    ],
    numericLast: true,
  },
  {
    id: 'progress',
    label: 'Student Progress Report',
    title: 'Student progress',
    description: 'How each student’s results changed from one term to the next.',
    columns: ['Student', 'Last term', 'This term', 'Change'],
    rows: [
      ['Ananya Iyer', '78.0%', '84.5%', '+6.5'],
      ['Kabir Nair', '82.1%', '79.4%', '−2.7'],
      ['Meera Joshi', '88.0%', '93.2%', '+5.2'],
    ],
    numericLast: true,
  },
  {
    id: 'accounts',
    label: 'Accounts Report',
    title: 'Accounts',
    description: 'Income and expenses of the school by head of account.',
    columns: ['Head', 'Type', 'Amount'],
    rows: [
      ['Fees', 'Income', '₹12,45,000.00'],
      ['Salaries', 'Expense', '₹8,10,000.00'],
      ['Maintenance', 'Expense', '₹96,500.00'],
    ],
    numericLast: true,
  },
];

export const REPORT_TYPES = ['Student', 'Attendance', 'Financial', 'Performance'];
export const DATE_RANGES = ['Last 7 days', 'Last 30 days', 'Last 3 months', 'Custom Range'];
export const FORMATS = ['PDF', 'Excel', 'CSV'];
