/**
 * The student list's SQL with nothing around it: no router, no token, no session lookup, no shaping; served, like
 * the app, behind the static assets, and logging a line per request as the app does. The benchmark hands it the app's own statements (PUT /statements) and
 * compares throughputs.
 */
interface Env {
  DB: D1Database;
}

interface Statement {
  sql: string;
  params: unknown[];
}

let statements: Statement[] = [];

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/statements' && request.method === 'PUT') {
      statements = await request.json();
      return new Response(null, { status: 204 });
    }
    if (pathname === '/students' && statements.length > 0) {
      const started = performance.now();
      const results = await env.DB.batch(statements.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
      // The app's line per request, the same size: a local server hands each line to wrangler's Node process, which
      // costs more than the app's own work around the statements and is not what is compared.
      console.log(
        `{"at":"${new Date().toISOString()}","requestId":"${crypto.randomUUID()}","method":"GET","path":"/api/students","status":200,"ms":${Math.round(performance.now() - started)},"db":1}`,
      );
      const last = results.at(-1)?.results[0] as Record<string, unknown> | undefined;
      return Response.json({
        success: true,
        data: results[0].results,
        total: results[1]?.results[0],
        version: last ? Object.values(last)[0] : null,
      });
    }
    return new Response('Not found', { status: 404 });
  },
} satisfies ExportedHandler<Env>;
