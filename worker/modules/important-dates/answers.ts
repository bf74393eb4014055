import { z } from 'zod';
import { importantDatePriorities, importantDateTypes } from '../../db/schema';
import { classRef, list, success } from '../../lib/answer-shapes';

// The answers of the important-dates calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const importantDate = z.strictObject({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  formattedDate: z.string(),
  type: z.enum(importantDateTypes),
  priority: z.enum(importantDatePriorities),
  classes: z.array(classRef),
  applyToAllClasses: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  location: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const listImportantDatesAnswer = list(importantDate);

export const createImportantDateAnswer = success(importantDate);

export const calendarMonthAnswer = list(importantDate);

export const upcomingDatesAnswer = list(importantDate);

export const todaysDatesAnswer = list(importantDate);

export const getImportantDateAnswer = success(importantDate);

export const updateImportantDateAnswer = success(importantDate);

export const deleteImportantDateAnswer = success(z.strictObject({ _id: z.string() }));
