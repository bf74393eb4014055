import { z } from 'zod';
import { complaintPriorities, complaintStatuses } from '../../db/schema';
import { list, success } from '../../lib/answer-shapes';

// The answers of the complaints calls, declared once: the routes name them, the OpenAPI document and the client
// read them.

export const complaint = z.strictObject({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  initiatedBy: z.string(),
  date: z.string(),
  priority: z.enum(complaintPriorities),
  status: z.enum(complaintStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const listComplaintsAnswer = list(complaint);

export const logComplaintAnswer = success(complaint);

export const updateComplaintAnswer = success(complaint);
