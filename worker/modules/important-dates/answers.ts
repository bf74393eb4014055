import { z } from 'zod';
import { classRef, list, success } from '../../lib/answer-shapes';

// The answers of the important-dates calls, declared once: the routes name them, the OpenAPI document and the client read them.

export const importantDates = z.strictObject({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  formattedDate: z.string(),
  type: z.string(),
  priority: z.string(),
  classes: z.array(classRef),
  applyToAllClasses: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  location: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const listImportantDatesAnswer = list(importantDates);

export const createImportantDateAnswer = success(importantDates);

export const calendarMonthAnswer = list(importantDates);

export const upcomingDatesAnswer = list(importantDates);

export const todaysDatesAnswer = list(
  z.strictObject({
    _id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    date: z.string(),
    formattedDate: z.string(),
    type: z.string(),
    priority: z.string(),
    classes: z.array(classRef),
    applyToAllClasses: z.boolean(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    location: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);

export const getImportantDateAnswer = success(importantDates);

export const updateImportantDateAnswer = success(importantDates);

export const deleteImportantDateAnswer = success(
  z.strictObject({
    _id: z.string(),
  }),
);
