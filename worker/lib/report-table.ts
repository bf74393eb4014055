export interface ReportColumn {
  key: string;
  label: string;
  kind?: 'text' | 'number' | 'percent' | 'money' | 'date';
}
export interface ReportTable {
  title: string; // e.g. "Students monthly attendance — Class 8-A — November 2026"
  subtitle?: string; // school name, period, filters
  columns: ReportColumn[];
  rows: (string | number | null)[][]; // in column order
  totals?: (string | number | null)[]; // optional last row
}
