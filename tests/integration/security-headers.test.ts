import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

const STYLE = 'body{color:#1d1d1f}';
const SCRIPT = 'window.booted=1';
/** A built shell as vite.config.ts writes it: the stylesheet inlined, a module script by file, an inline script. */
const SHELL = `<!doctype html><html><head><style>${STYLE}</style><script>${SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/app-1234abcd.js"></script></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const directives = (policy: string | null): Map<string, string[]> =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

/** The headers every answer carries, whatever it is. */
const expectCommonHeaders = (response: Response): void => {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('strict-transport-security')).toBeNull();
  const policy = directives(response.headers.get('content-security-policy'));
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  for (const sources of policy.values()) {
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources.some((s) => s.includes('*'))).toBe(false);
  }
};

describe(`security headers on every kind of answer (${storeKind})`, () => {
  let server: RunningServer;
  let proxied: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), SHELL);
    writeFileSync(path.join(dir, 'assets', 'app-1234abcd.js'), 'export {};');
    writeFileSync(path.join(dir, 'service-worker.js'), "importScripts('/workbox-0123abcd.js');");
    server = await startTestServer(undefined, 'on', undefined, { STATIC_DIR: dir });
    proxied = await startTestServer(undefined, 'off', undefined, { STATIC_DIR: dir, TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await proxied?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a page of the app: this origin only, its inline style and script by hash', async () => {
    for (const address of ['/', '/iphone', '/cart']) {
      const response = await fetch(server.url + address);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expectCommonHeaders(response);
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'", sha(SCRIPT)]);
      expect(policy.get('style-src')).toEqual(["'self'", sha(STYLE)]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
    }
  });

  it('the files of the build, the service worker and the shell the worker keeps, under the same policy', async () => {
    const page = directives((await fetch(server.url + '/')).headers.get('content-security-policy'));
    for (const file of ['/index.html', '/assets/app-1234abcd.js', '/service-worker.js', '/robots.txt']) {
      const response = await fetch(server.url + file);
      expect(response.status, file).toBe(200);
      expectCommonHeaders(response);
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('script-src'), file).toEqual(page.get('script-src'));
      expect(policy.get('style-src'), file).toEqual(page.get('style-src'));
      expect(policy.get('worker-src'), file).toEqual(["'self'"]);
    }
  });

  it('API, sync, health and problems: nothing to load or run', async () => {
    const answers = [
      await fetch(server.url + '/healthz'),
      await fetch(server.url + '/api/catalog/categories'),
      await fetch(server.url + '/api/cart/create', { method: 'POST' }),
      await fetch(server.url + '/sync/commands/pull?after=0'),
      await fetch(server.url + '/api/no-such-call'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 404]);
    for (const response of answers) {
      expectCommonHeaders(response);
      expect(directives(response.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
    }
  });

  it('an AMP page: no script at all, its one inline style sheet by hash', async () => {
    const response = await fetch(server.url + '/amp/no-such-category');
    const html = await response.text();
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expectCommonHeaders(response);
    const policy = directives(response.headers.get('content-security-policy'));
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toBeUndefined();
    expect(policy.get('style-src')).toEqual([sha(style)]);
  });

  it('HSTS only for a request that came over TLS through a trusted proxy, never on plain http', async () => {
    const plain = await fetch(proxied.url + '/');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const forwarded = await fetch(proxied.url + '/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(forwarded.headers.get('strict-transport-security')).toMatch(/^max-age=31536000; includeSubDomains$/);
    const api = await fetch(proxied.url + '/healthz', { headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    // Without TRUST_PROXY a forged X-Forwarded-Proto counts for nothing.
    const untrusted = await fetch(server.url + '/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  });
});
