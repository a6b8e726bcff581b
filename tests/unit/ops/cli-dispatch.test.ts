import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPS_COMMANDS, runOps } from '../../../tools/ops/dispatch.ts';

const context = () => {
  const out: string[] = [];
  const err: string[] = [];
  let opened = 0;
  return {
    out,
    err,
    opened: () => opened,
    ctx: {
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
      database: () => {
        opened += 1;
        return Promise.reject(new Error('no store in a unit test'));
      },
      env: {},
    },
  };
};

describe('npm run ops', () => {
  it('is the script package.json runs', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['ops']).toBe('tsx tools/ops/cli.ts');
  });

  it('given help, then every command is listed by its usage, and no store is opened', async () => {
    const { ctx, out, opened } = context();
    expect(await runOps(['help'], ctx)).toBe(0);
    for (const load of Object.values(OPS_COMMANDS)) expect(out).toContain(`  ${(await load()).usage}`);
    expect(opened()).toBe(0);
  });

  it('given an unknown command or bad arguments, then exit 2 with the reason, and no store is opened', async () => {
    const unknown = context();
    expect(await runOps(['tial'], unknown.ctx)).toBe(2);
    expect(unknown.err[0]).toBe('ops: no command "tial"');
    const bad = context();
    expect(await runOps(['grant', 'ana@example.bg', 'owner'], bad.ctx)).toBe(2);
    expect(bad.err.join('\n')).toContain('role');
    expect(bad.opened() + unknown.opened()).toBe(0);
  });
});
