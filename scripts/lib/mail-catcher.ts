/**
 * The local mail catcher `npm start` runs beside the Worker: an SMTP server that keeps every mail it is given (in
 * memory, the newest 200), and a page to read them. Both listen on 127.0.0.1 only. `GET /api/mails` lists them
 * (newest first) as JSON, `GET /mails/<id>` shows one, `DELETE /api/mails` forgets them all.
 */
import { createServer, type Server } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const KEEP = 200;

export interface CaughtMail {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function listPage(mails: CaughtMail[]) {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.receivedAt.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to.join(', '))}</td><td><a href="/mails/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local mail (${mails.length})</title><style>body{font:14px system-ui,sans-serif;margin:24px;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{text-align:start;padding:8px;border-bottom:1px solid #e5e7eb;vertical-align:top}a{color:#2563eb}</style></head><body><h1>Local mail</h1><p>Every e-mail the portal sent on this machine, newest first. Nothing here leaves the machine.</p><table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No mail yet.</td></tr>'}</tbody></table></body></html>`;
}

function mailPage(m: CaughtMail) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(m.subject)}</title><style>body{font:14px system-ui,sans-serif;margin:24px;color:#1f2937}dt{font-weight:600}iframe{width:100%;height:520px;border:1px solid #e5e7eb}pre{white-space:pre-wrap;background:#f6f7f9;padding:12px}</style></head><body><p><a href="/">All mail</a></p><h1>${escapeHtml(m.subject)}</h1><dl><dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd></dl><h2>HTML</h2><iframe sandbox title="HTML part" srcdoc="${escapeHtml(m.html)}"></iframe><h2>Plain text</h2><pre>${escapeHtml(m.text)}</pre></body></html>`;
}

export async function startMailCatcher(options: { smtpPort: number; webPort: number; host?: string }) {
  const host = options.host ?? '127.0.0.1';
  const mails: CaughtMail[] = [];
  let next = 1;
  const smtp = new SMTPServer({
    // Plain and open, like a relay on the machine itself: no TLS, no sign-in.
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          for (const [key, value] of parsed.headers)
            headers[key] = typeof value === 'string' ? value : JSON.stringify(value);
          mails.unshift({
            id: next++,
            receivedAt: new Date().toISOString(),
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers,
          });
          mails.length = Math.min(mails.length, KEEP);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const web: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/api/mails' && req.method === 'DELETE') {
      mails.length = 0;
      return send(204, 'text/plain', '');
    }
    if (url.pathname === '/api/mails') return send(200, 'application/json', JSON.stringify(mails));
    const one = /^\/mails\/(\d+)$/.exec(url.pathname);
    const found = one && mails.find((m) => m.id === Number(one[1]));
    if (found) return send(200, 'text/html; charset=utf-8', mailPage(found));
    if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', listPage(mails));
    return send(404, 'text/plain', 'Not found');
  });
  await new Promise<void>((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(options.smtpPort, host, () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    web.on('error', reject);
    web.listen(options.webPort, host, () => resolve());
  });
  return {
    mails,
    webUrl: `http://${host}:${options.webPort}`,
    close: () =>
      Promise.all([new Promise((r) => smtp.close(() => r(null))), new Promise((r) => web.close(() => r(null)))]),
  };
}
