import { z } from 'zod';
import { academicYearField } from '../../lib/fields';

/** The figures of a year (absent: the current one). */
export const dashboardQuery = z.object({ academicYear: academicYearField.optional() });
