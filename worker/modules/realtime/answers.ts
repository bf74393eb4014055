import { z } from 'zod';
import { success } from '../../lib/answer-shapes';

// The answers of the realtime calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const issueTicketAnswer = success(
  z.strictObject({
    ticket: z.string(),
    expiresIn: z.number(),
  }),
);
