import { z } from 'zod';

/** The OpenAPI document: only its version is promised here; Ajv checks the rest in the API suite. */
export const openApiAnswer = z.looseObject({ openapi: z.literal('3.1.0') });
