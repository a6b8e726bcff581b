import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { haproxyBinary } from '../../../tools/cluster/balancer.ts';
import { haproxyConfig, PRODUCTION_HAPROXY, type HaproxySettings } from '../../../tools/cluster/haproxy-config.ts';

const DEPLOY = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'haproxy-config-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `haproxy -c` on a configuration: its exit code and what it said (HAProxy is installed by .ci/run). */
const check = (config: string): { status: number | null; output: string } => {
  const binary = haproxyBinary();
  if (!binary) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const file = join(dir, `check-${Math.random().toString(36).slice(2)}.cfg`);
  writeFileSync(file, config);
  const run = spawnSync(binary, ['-c', '-f', file], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

/** The production settings with the 503 page where this checkout has it (the path is the only difference). */
const checkable = (settings: HaproxySettings): HaproxySettings => ({
  ...settings,
  errorFile503: join(DEPLOY, 'store-503.http'),
});

describe("deploy/haproxy.cfg, the balancer's configuration", () => {
  it('is the one tools/cluster/haproxy-config.ts writes (npm run cluster runs the same settings)', () => {
    expect(readFileSync(join(DEPLOY, 'haproxy.cfg'), 'utf8')).toBe(haproxyConfig(PRODUCTION_HAPROXY));
  });

  it("is accepted by Debian's HAProxy without a warning", () => {
    const { status, output } = check(haproxyConfig(checkable(PRODUCTION_HAPROXY)));
    expect(output).not.toMatch(/WARNING|ALERT/);
    expect(status).toBe(0);
  });

  it("is accepted as npm run cluster writes it (foreground, the user's own socket)", () => {
    const config = haproxyConfig({
      ...checkable(PRODUCTION_HAPROXY),
      bind: '127.0.0.1:3000',
      adminSocket: join(dir, 'admin.sock'),
      system: false,
    });
    const { status, output } = check(config);
    expect(output).not.toMatch(/WARNING|ALERT/);
    expect(status).toBe(0);
  });

  it('checks /readyz, lets live streams through, limits each address and has a page for every instance down', () => {
    const config = haproxyConfig(PRODUCTION_HAPROXY);
    expect(config).toContain('http-check send meth GET uri /readyz');
    expect(config).toContain('http-check expect status 200');
    // A stream is silent but for its heartbeat (15 s): the timeouts leave room for several.
    expect(config).toMatch(/timeout server 75s/);
    expect(config).toMatch(/timeout client 75s/);
    expect(config).toContain('option http-no-delay');
    expect(config).toMatch(
      /http-request deny deny_status 429 .* if \{ sc_conn_cur\(0\) gt 200 \} \|\| \{ sc_http_req_rate\(0\) gt 500 \}/,
    );
    expect(config).toContain('errorfile 503 /etc/haproxy/errors/store-503.http');
    for (const port of [3001, 3002, 3003]) expect(config).toContain(`127.0.0.1:${port}`);
  });
});

describe('deploy/store-503.http, the page when every instance is down', () => {
  const raw = readFileSync(join(DEPLOY, 'store-503.http'));
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, split).toString('latin1');
  const body = raw.subarray(split + 4);

  it('is a whole HTTP 503 answer, told to come back, never cached', () => {
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(head).toMatch(/\r\nContent-Length: (\d+)/);
    expect(Number(/Content-Length: (\d+)/.exec(head)?.[1])).toBe(body.length);
    expect(head).toContain('Content-Type: text/html; charset=utf-8');
    expect(head).toContain('Cache-Control: no-store');
    expect(head).toMatch(/Retry-After: \d+/);
  });

  it('says it calmly in Bulgarian and English, with nothing loaded from elsewhere', () => {
    const html = body.toString('utf8');
    expect(html).toContain('Магазинът се връща след малко');
    expect(html).toContain('The shop is back in a moment');
    expect(html).not.toMatch(/\b(src|href)=|url\(|@import/);
  });
});

describe('deploy/store@.service, one instance per port', () => {
  const unit = readFileSync(join(DEPLOY, 'store@.service'), 'utf8');
  const setting = (key: string): string | undefined => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1]?.trim();

  it('restarts a crashed instance, reads the shared settings and takes its port from its name', () => {
    expect(setting('Restart')).toBe('on-failure');
    expect(setting('EnvironmentFile')).toBe('/etc/apple-store/env');
    expect(setting('Environment')).toContain('PORT=%i');
    expect(Number(setting('LimitNOFILE'))).toBeGreaterThanOrEqual(65_536);
  });

  it("stops with SIGTERM and waits longer than the server's own shutdown bound", () => {
    expect(setting('KillSignal')).toBe('SIGTERM');
    // main.ts leaves at most SHUTDOWN_TIMEOUT_MS (10 s by default) + 10 s after the signal.
    expect(Number(setting('TimeoutStopSec'))).toBeGreaterThan(20);
  });

  it('runs without privileges on a read-only system', () => {
    expect(setting('NoNewPrivileges')).toBe('yes');
    expect(setting('CapabilityBoundingSet')).toBe('');
    expect(setting('ProtectSystem')).toBe('strict');
    expect(setting('ProtectHome')).toBe('yes');
    expect(setting('PrivateTmp')).toBe('yes');
    expect(setting('User')).toBe('apple-store');
  });
});
