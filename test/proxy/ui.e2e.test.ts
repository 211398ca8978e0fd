import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteApprovals } from '../../src/sqlite/createSqliteApprovals.js';
import { onCleanUp } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';
import { aPolicy, aProxyClient, aUi, aWorkspace, firstText } from './helpers.js';

/**
 * SPEC §14.6: `toolgate ui` serves the pending approvals on 127.0.0.1 behind
 * a token; a person approves or denies a waiting `ask` call in a real
 * browser (Debian's Chromium, driven by playwright-core), and the MCP
 * client's call completes or is refused.
 */

const REASON = 'fs/write_file@1 needs an approval for these exact arguments';

function anAskPolicy(workspace: ReturnType<typeof aWorkspace>): string {
  return aPolicy(workspace, {
    folders: [{ path: workspace.data, access: 'write' }, '!**/.env'],
    ask: ['fs/write_file@1'],
  });
}

describe('toolgate ui over HTTP', () => {
  it(
    'refuses every request without the token, keeps it in a strict cookie, escapes the call and answers only its own forms',
    async () => {
      const workspace = aWorkspace();
      const policy = anAskPolicy(workspace);
      const queue = createSqliteApprovals(join(workspace.dir, 'toolgate-records.db'));
      onCleanUp(() => queue.close());
      const pending = await queue.add({
        run: 'run-1',
        ref: 'fs/write_file@1',
        digest: `sha256:${'b'.repeat(64)}`,
        arguments: '{"path":"/d/x.txt","content":"<script>alert(1)</script>\\u202e"}',
        resources: ['/d/x.txt'],
      });
      const url = await aUi(['--policy', policy, '--as', 'grace']);
      const base = url.origin;
      for (const path of ['/', '/api/approvals', '/style.css'])
        expect((await fetch(`${base}${path}`)).status).toBe(401);
      expect((await fetch(`${base}/?token=${'0'.repeat(64)}`)).status).toBe(401);
      // fetch cannot set Host: a raw request names another host, as a DNS-rebinding page would.
      const rebinding = await new Promise<number>((done, failed) => {
        request(url, { headers: { Host: `evil.example:${url.port}` } }, (response) => {
          response.resume();
          done(response.statusCode ?? 0);
        })
          .on('error', failed)
          .end();
      });
      expect(rebinding).toBe(403);

      const entry = await fetch(url, { redirect: 'manual' });
      expect(entry.status).toBe(303);
      const cookie = entry.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^toolgate_ui=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=\/$/);
      const headers = { Cookie: cookie.split(';')[0] as string };

      const page = await fetch(`${base}/`, { headers });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).not.toContain('<script>');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('/d/x.txt');
      const csrf = /name="csrf" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? '';
      expect(csrf).toMatch(/^[0-9a-f]{64}$/);
      const api = (await (await fetch(`${base}/api/approvals`, { headers })).json()) as {
        id: string;
      }[];
      expect(api.map((item) => item.id)).toEqual([pending.id]);

      const post = (body: string, extra: Record<string, string> = {}) =>
        fetch(`${base}/approvals/${pending.id}/approve`, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded', ...extra },
          body,
        });
      expect((await post('')).status).toBe(403);
      expect((await post(`csrf=${csrf}`, { Origin: 'http://evil.example' })).status).toBe(403);
      expect((await queue.get(pending.id))?.status).toBe('pending');
      expect((await post(`csrf=${csrf}`)).status).toBe(303);
      expect(await queue.get(pending.id)).toMatchObject({
        status: 'approved',
        answeredBy: 'grace',
      });
      expect((await post(`csrf=${csrf}`)).status).toBe(409);
    },
    deadline(30_000),
  );
});

describe('toolgate ui in a browser', () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'shows the waiting call; Approve lets it run once, Deny refuses the next',
    async () => {
      const workspace = aWorkspace();
      const policy = anAskPolicy(workspace);
      const { client } = await aProxyClient(['--policy', policy]);
      const url = await aUi(['--policy', policy, '--as', 'grace']);
      browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      const page = await browser.newPage();
      const target = join(workspace.data, 'from-browser.txt');
      const call = client.callTool({
        name: 'fs__write_file_v1',
        arguments: { path: target, content: 'approved in a browser\n' },
      });
      await page.goto(url.href);
      const row = page.locator('#pending tr[data-id]');
      await row.first().waitFor({ timeout: deadline(10_000) });
      expect(await row.first().textContent()).toContain(target);
      if (process.env.TOOLGATE_UI_SCREENSHOT !== undefined)
        await page.screenshot({ path: process.env.TOOLGATE_UI_SCREENSHOT, fullPage: true });
      await row.first().locator('button.approve').click();
      const result = (await call) as { isError?: boolean };
      expect(result.isError, firstText(result)).not.toBe(true);
      expect(readFileSync(target, 'utf8')).toBe('approved in a browser\n');

      const second = client.callTool({
        name: 'fs__write_file_v1',
        arguments: { path: join(workspace.data, 'denied.txt'), content: 'x' },
      });
      await page.reload();
      await row.first().waitFor({ timeout: deadline(10_000) });
      await row.first().locator('button.deny').click();
      const refused = (await second) as { isError?: boolean };
      expect(refused.isError).toBe(true);
      expect(firstText(refused).split('\n')[0]).toBe(REASON);
      expect(existsSync(join(workspace.data, 'denied.txt'))).toBe(false);
      // The decisions show on the page once recorded.
      await page.goto(`${url.origin}/?tool=fs/write_file@1`);
      expect(await page.locator('#recent').textContent()).toContain('approval_required');
      await client.close();
    },
    deadline(90_000),
  );
});
