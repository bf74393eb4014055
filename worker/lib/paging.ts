import { z } from 'zod';

/** `page` (from 1) and `limit` (1 to max) query parameters; lists are always paged. */
export function pagingQuery(defaultLimit = 50, maxLimit = 200) {
  return z.object({
    page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').default(1),
    limit: z.coerce
      .number()
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(maxLimit, `Limit must be at most ${maxLimit}`)
      .default(defaultLimit),
  });
}

export function offsetOf(paging: { page: number; limit: number }): number {
  return (paging.page - 1) * paging.limit;
}
