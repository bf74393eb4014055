import { z } from 'zod';
import { refId } from '../../lib/fields';
import { formatQuery } from '../../lib/report-formats/format';

/** A calendar month, YYYY-MM; the school's current month when left out. */
const monthField = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be a month (YYYY-MM)')
  .optional();

export const studentsMonthQuery = z.object({ classId: refId('Class'), month: monthField, format: formatQuery });
export const staffMonthQuery = z.object({ month: monthField, format: formatQuery });
export const schoolMonthQuery = z.object({ month: monthField });
