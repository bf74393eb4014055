import { z } from 'zod';

/** What a report call answers: JSON, or a file of the table (`?format=`). Apart, so that the client's types reach no PDF code. */
export const reportFormats = ['json', 'csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof reportFormats)[number];
export const formatQuery = z.enum(reportFormats).default('json');
