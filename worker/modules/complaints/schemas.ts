import { z } from 'zod';
import { complaintPriorities, complaintStatuses, type complaints } from '../../db/schema';
import { dateField } from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';

const text = (max: number, label: string) => z.string().trim().max(max, `${label} is too long`);

export const complaintBody = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(160, 'Title is too long'),
  initiatedBy: z
    .string({ error: 'Initiated by is required' })
    .trim()
    .min(1, 'Initiated by is required')
    .max(120, 'Initiated by is too long'),
  date: dateField('Date'),
  priority: z.enum(complaintPriorities, { error: 'Priority must be high, medium or low' }).default('medium'),
  status: z.enum(complaintStatuses, { error: `Status must be one of ${complaintStatuses.join(', ')}` }).default('open'),
  description: text(2000, 'Description').optional(),
  category: text(80, 'Category').optional(),
});
// Without the create defaults: an update that leaves priority or status out keeps the stored ones.
export const complaintUpdateBody = complaintBody
  .extend({
    priority: complaintBody.shape.priority.removeDefault().optional(),
    status: complaintBody.shape.status.removeDefault().optional(),
  })
  .partial();
export type ComplaintInput = z.infer<typeof complaintBody>;

export const complaintQuery = pagingQuery(20, 200).extend({
  status: z.enum(complaintStatuses).optional(),
  priority: z.enum(complaintPriorities).optional(),
});

export function toComplaint(row: typeof complaints.$inferSelect) {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    initiatedBy: row.initiatedBy,
    date: row.date,
    priority: row.priority,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
