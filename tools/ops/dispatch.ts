import type { OpsCommand, OpsContext } from './command.ts';

/**
 * The subcommands of `npm run ops`, by name. Each lives in commands/<name>.ts and is loaded only when asked for;
 * adding one is its file and its line here.
 */
export const OPS_COMMANDS: Readonly<Record<string, () => Promise<OpsCommand>>> = {
  grant: async () => (await import('./commands/grant.ts')).grant,
  tail: async () => (await import('./commands/tail.ts')).tail,
  show: async () => (await import('./commands/show.ts')).show,
  retry: async () => (await import('./commands/retry.ts')).retry,
  failures: async () => (await import('./commands/failures.ts')).failures,
  stats: async () => (await import('./commands/stats.ts')).stats,
  bulk: async () => (await import('./commands/bulk.ts')).bulk,
  'search-rebuild': async () => (await import('./commands/search-rebuild.ts')).searchRebuild,
};

const help = async (context: Pick<OpsContext, 'out'>): Promise<void> => {
  context.out('usage: npm run ops -- <command> [arguments]');
  for (const load of Object.values(OPS_COMMANDS)) context.out(`  ${(await load()).usage}`);
};

/** Runs `argv` (what follows `npm run ops --`) and answers its exit code. */
export const runOps = async (argv: readonly string[], context: OpsContext): Promise<number> => {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    await help(context);
    return name === undefined ? 2 : 0;
  }
  const load = Object.hasOwn(OPS_COMMANDS, name) ? OPS_COMMANDS[name] : undefined;
  if (!load) {
    context.err(`ops: no command "${name}"`);
    await help({ out: context.err });
    return 2;
  }
  return (await load()).run(args, context);
};
