import { z } from 'zod';
import { languages, roles } from '../../db/schema';
import { success } from '../../lib/answer-shapes';

// The answers of the platform calls, declared once: the routes name them; the OpenAPI document and the
// client read them.

export const createSchoolAnswer = success(
  z.strictObject({
    school: z.strictObject({
      _id: z.string(),
      name: z.string(),
      code: z.string().nullable(),
      timeZone: z.string(),
      currency: z.string(),
      academicYear: z.string(),
      yearStartMonth: z.number(),
      language: z.enum(languages),
    }),
    admin: z.strictObject({
      _id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      role: z.enum(roles),
    }),
    /** The shard the school lives in (0 on a platform of one database). */
    shard: z.number(),
  }),
);
