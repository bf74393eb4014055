import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { openApiAnswer } from './answers';

/** Where the built client serves Swagger UI's own files (copied from `swagger-ui-dist` at build time). */
export const DOCS_ASSETS = '/docs';

/**
 * The docs page may run its two scripts from this origin, use inline styles (Swagger UI sets style attributes)
 * and data: images (its icons), and fetch the document; nothing else, and from no other origin.
 */
export const docsHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginResourcePolicy: 'same-origin',
});

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>School portal API</title>
<link rel="stylesheet" href="${DOCS_ASSETS}/swagger-ui.css">
</head>
<body>
<main id="api-docs"></main>
<script src="${DOCS_ASSETS}/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

// No validator badge (it would send the document to another site) and no "Try it out" until asked.
const INIT = `window.ui = window.SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api-docs',
  validatorUrl: null,
  deepLinking: true,
  defaultModelsExpandDepth: 0,
});
`;

/**
 * `/api/openapi.json` and `/api/docs`: the API's description and a page to read and try it. Both are public: they
 * describe the calls, hold no school's data, and the code they describe is published; integrators read them before
 * they have an account. Every call still asks for its own token.
 */
export function docsRoutes(document: () => unknown) {
  return new Hono<HonoEnv>()
    .get(
      '/openapi.json',
      contract({
        summary: 'This document: OpenAPI 3.1',
        responses: { 200: openApiAnswer },
      }),
      (c) => {
        c.header('Cache-Control', 'no-cache');
        return c.json(document() as Record<string, unknown>);
      },
    )
    .get('/docs', contract({ summary: 'Interactive docs (HTML)', responses: { 200: { file: 'text/html' } } }), (c) =>
      c.html(PAGE),
    )
    .get(
      '/docs/init.js',
      contract({ summary: "The docs page's start script", responses: { 200: { file: 'text/javascript' } } }),
      (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
    );
}
