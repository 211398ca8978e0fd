import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApprovalQueue, PendingApproval } from '../../approvals/types.js';
import type { RecordLine } from '../../stores/toRecordLine.js';
import type { RecordFilter } from '../../stores/types.js';
import { printable } from '../format/printable.js';

/** What the page reads and answers: the pending approvals, and the recent decisions. */
export interface UiSources {
  readonly queue: ApprovalQueue;
  readonly records: (filter: RecordFilter) => Promise<readonly RecordLine[]>;
  /** Who answers, as the store records it. */
  readonly as: string;
}

const COOKIE = 'toolgate_ui';
const MAX_FORM_BYTES = 4096;
/** How often the open page reloads itself, in seconds. */
const REFRESH_SECONDS = 2;
const CSP =
  "default-src 'none'; style-src 'self'; img-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const STYLE = `body{font:14px system-ui,sans-serif;margin:2em;color:#111}
h1{font-size:1.3em}h2{font-size:1.1em;margin-top:2em}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4em;text-align:left;vertical-align:top}
code{font:12px ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
form{display:inline}button{margin-right:.4em}.approve{background:#1a7f37;color:#fff}.deny{background:#cf222e;color:#fff}
.refused{color:#cf222e}.allowed{color:#1a7f37}`;

/**
 * Serves the approvals page on 127.0.0.1 (SPEC §14.6): the pending
 * approvals, each with the call escaped (its resource values first) and
 * Approve and Deny, and the recent decisions with filters by run, code and
 * tool; the page reloads itself every 2 s. Safe by default: only a Host
 * naming this address (DNS rebinding); the token once in the printed URL,
 * then an HttpOnly, SameSite=Strict cookie (or `Authorization: Bearer`),
 * else 401; answers are POST forms carrying a token derived from it and
 * refused from another Origin; every value HTML-escaped and made printable;
 * a Content-Security-Policy that allows no script at all.
 *
 * // const { port } = await serveUi(sources, 0, token) => open http://127.0.0.1:PORT/?token=TOKEN
 */
export async function serveUi(
  sources: UiSources,
  port: number,
  token: string,
): Promise<{ readonly http: Server; readonly port: number }> {
  const csrf = createHmac('sha256', token).update('toolgate ui form').digest('hex');
  let hosts: string[] = [];
  const http = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end('toolgate ui: internal error\n');
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!hosts.includes(req.headers.host ?? '')) {
      send(res, 403, 'toolgate ui serves 127.0.0.1 and localhost only\n');
      return;
    }
    // The printed URL's token becomes the cookie, and leaves the address bar.
    const offered = url.searchParams.get('token');
    if (offered !== null && req.method === 'GET' && same(offered, token)) {
      res.writeHead(303, {
        'Set-Cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        Location: '/',
        'Cache-Control': 'no-store',
      });
      res.end();
      return;
    }
    if (!isAuthorized(req, token)) {
      res.writeHead(401, {
        'WWW-Authenticate': 'Bearer realm="toolgate ui"',
        'Content-Type': 'text/plain; charset=utf-8',
      });
      res.end('open the URL toolgate ui printed (it carries the token once)\n');
      return;
    }
    if (req.method === 'GET' && url.pathname === '/style.css') {
      res.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8', ...SECURITY });
      res.end(STYLE);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/approvals') {
      const pending = await sources.queue.pending();
      res.writeHead(200, { 'Content-Type': 'application/json', ...SECURITY });
      res.end(JSON.stringify(pending));
      return;
    }
    const answer = /^\/approvals\/([0-9a-f]{12})\/(approve|deny)$/.exec(url.pathname);
    if (req.method === 'POST' && answer !== null) {
      const origin = req.headers.origin;
      if (origin !== undefined && !hosts.some((host) => origin === `http://${host}`)) {
        send(res, 403, 'toolgate ui takes answers from its own page only\n');
        return;
      }
      const form = await readForm(req);
      if (form === undefined || !same(form.get('csrf') ?? '', csrf)) {
        send(
          res,
          403,
          'toolgate ui takes answers from its own page only (the form token is missing)\n',
        );
        return;
      }
      const [, id, verb] = answer as unknown as [string, string, 'approve' | 'deny'];
      const result = await sources.queue.answer(
        id,
        verb === 'approve' ? 'approved' : 'denied',
        sources.as,
      );
      if (result !== 'answered') {
        send(
          res,
          409,
          `the approval ${id} ${result === 'unknown' ? 'does not exist' : 'ended already'}\n`,
        );
        return;
      }
      res.writeHead(303, { Location: '/', 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/') {
      const filter: RecordFilter = {
        ...(url.searchParams.get('run') ? { run: url.searchParams.get('run') as string } : {}),
        ...(url.searchParams.get('code') ? { code: url.searchParams.get('code') as string } : {}),
        ...(url.searchParams.get('tool') ? { tool: url.searchParams.get('tool') as string } : {}),
      };
      const recent = (await sources.records(filter).catch(() => [])).slice(-50).reverse();
      const pending = await sources.queue.pending();
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        ...SECURITY,
      });
      res.end(page(pending, recent, filter, csrf));
      return;
    }
    send(res, 404, 'toolgate ui serves / and /api/approvals\n');
  };
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => {
      resolve();
    });
  });
  const bound = (http.address() as AddressInfo).port;
  hosts = [`127.0.0.1:${String(bound)}`, `localhost:${String(bound)}`];
  return { http, port: bound };
}

const SECURITY = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  // same-origin, not no-referrer: with no-referrer a browser posts its forms with Origin: null.
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
} as const;

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY });
  res.end(text);
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function isAuthorized(req: IncomingMessage, token: string): boolean {
  const bearer = req.headers.authorization;
  if (bearer !== undefined && same(bearer, `Bearer ${token}`)) return true;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COOKIE && value !== undefined && same(value, token)) return true;
  }
  return false;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** HTML-escaped, and every control or format character written as an escape first. */
function text(value: string): string {
  return printable(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(
  pending: readonly PendingApproval[],
  recent: readonly RecordLine[],
  filter: RecordFilter,
  csrf: string,
): string {
  const now = Date.now();
  const approvals =
    pending.length === 0
      ? '<p id="no-pending">No call is waiting for a person.</p>'
      : `<table id="pending"><tr><th>Call</th><th>Waiting</th><th>Run</th><th></th></tr>${pending
          .map(
            (approval) =>
              `<tr data-id="${text(approval.id)}"><td><strong>${text(approval.ref)}</strong>${approval.resources
                .map((value) => `<br><code>${text(value)}</code>`)
                .join(
                  '',
                )}<br><code>${text(approval.arguments.slice(0, 2000))}</code></td><td>${String(
                Math.max(0, Math.round((now - Date.parse(approval.createdAt)) / 1000)),
              )} s</td><td>${text(approval.run)}</td><td>${(['approve', 'deny'] as const)
                .map(
                  (verb) =>
                    `<form method="post" action="/approvals/${text(approval.id)}/${verb}"><input type="hidden" name="csrf" value="${csrf}"><button class="${verb}" type="submit">${verb === 'approve' ? 'Approve' : 'Deny'}</button></form>`,
                )
                .join('')}</td></tr>`,
          )
          .join('')}</table>`;
  const rows = recent
    .map((line) => {
      const outcome =
        line.type === 'dispatch'
          ? line.allowed === true
            ? '<span class="allowed">allowed</span>'
            : `<span class="refused">${text(line.code ?? 'refused')}</span>`
          : text(line.settled ?? line.type);
      return `<tr><td>${text(line.at)}</td><td>${text(line.run ?? '')}</td><td>${text(line.type)}</td><td>${text(line.ref ?? '')}</td><td>${outcome}</td></tr>`;
    })
    .join('');
  const field = (name: 'run' | 'code' | 'tool') =>
    `<label>${name} <input name="${name}" value="${text(filter[name] ?? '')}"></label> `;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${String(REFRESH_SECONDS)}">
<title>toolgate approvals</title><link rel="stylesheet" href="/style.css"></head>
<body><h1>toolgate: calls waiting for a person</h1>
${approvals}
<h2>Recent decisions</h2>
<form method="get" action="/">${field('run')}${field('code')}${field('tool')}<button type="submit">Filter</button></form>
<table id="recent"><tr><th>At</th><th>Run</th><th>Row</th><th>Ref</th><th>Outcome</th></tr>${rows}</table>
</body></html>
`;
}
