import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A parent that starts one simulator the way the launchers do, prints the simulator's pid, and stays. */
const PARENT = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['--import', 'tsx', 'simulators/' + process.argv[1] + '/main.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
child.stdout.once('data', () => console.log(JSON.stringify({ simulator: child.pid })));
setInterval(() => {}, 1000);
`;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A test run or `npm start` killed with SIGKILL cannot stop the provider simulators it started; they end on their
 * own once their parent is gone (simulators/shared/http.ts stopOnSignals), instead of holding their ports for ever.
 */
describe('a simulator whose starter was killed', () => {
  const keys = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  it.each([
    [
      'borica',
      {
        BORICA_SIM_TERMINAL: 'V1800001',
        BORICA_SIM_PRIVATE_KEY: keys().privateKey,
        BORICA_SIM_MERCHANT_PUBLIC_KEY: keys().publicKey,
        BORICA_SIM_BACKREF: 'http://127.0.0.1:9/backref',
      },
    ],
    ['paypal', { PAYPAL_SIM_CLIENT_ID: 'orphan-client', PAYPAL_SIM_SECRET: 'orphan-secret-1234' }],
    ['credit', { CREDIT_SIM_API_KEY: 'orphan-test-key' }],
  ] as const)('%s ends by itself', async (name, env) => {
    const parent = spawn(process.execPath, ['-e', PARENT, name], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    parent.stderr.on('data', (chunk) => (output += chunk));
    // However the test ends, the parent does not outlive it.
    onTestFinished(() => void parent.kill('SIGKILL'));
    const pid = await new Promise<number>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        const line = output.split('\n').find((l) => l.includes('"simulator"'));
        if (line) resolve((JSON.parse(line) as { simulator: number }).simulator);
      });
      parent.once('exit', (code) => reject(new Error(`the parent exited (${code}): ${output}`)));
      // A simulator that cannot start says why on stderr and exits; its parent stays, so that is the sign.
      parent.stderr.on('data', () =>
        setTimeout(() => reject(new Error(`the simulator did not start: ${output}`)), 2000),
      );
    });
    expect(alive(pid)).toBe(true);

    parent.kill('SIGKILL');
    const until = Date.now() + 20_000;
    while (alive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    const orphaned = alive(pid);
    if (orphaned) process.kill(pid, 'SIGKILL');
    expect(orphaned, `simulator ${name} outlived its parent: ${output}`).toBe(false);
  });
});
