import type { z } from 'zod';
import type { classRef, ref } from '../../worker/lib/answer-shapes';

/**
 * The `data` of an answer the worker declares (`worker/modules/<module>/answers.ts`): the screens' types come from
 * the same declaration the API is checked against. Type-only: nothing of the worker reaches the browser.
 */
export type Data<Answer extends z.ZodType> = z.output<Answer> extends { data: infer D } ? D : never;

/** The whole body of a declared answer, for the few that carry more than `data` (`total`, `summary`). */
export type Body<Answer extends z.ZodType> = z.output<Answer>;

/** One row of a declared list answer. */
export type Row<Answer extends z.ZodType> = Data<Answer> extends readonly (infer R)[] ? R : never;

/** A populated reference (`teacherId: { _id, name }`) and a class reference, as every answer gives them. */
export type Ref = z.output<typeof ref>;
export type ClassRef = z.output<typeof classRef>;
