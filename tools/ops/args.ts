import { parseArgs } from 'node:util';

/**
 * The arguments of the API subcommands of `npm run ops`, parsed without side effects (unit-tested): a subcommand
 * reads its positionals and options here and answers `{ error }` for anything it does not take, so a typo is
 * exit code 2 with the reason, never a call with half the operator's intent.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

interface OptionSpec {
  /** Options that take no value (`--dry-run`). */
  flags?: readonly string[];
  /** Options with a value (`--range day`, `--range=day`). */
  values?: readonly string[];
  /** Options with a value that may be given more than once (`--filter a=b --filter c=d`). */
  lists?: readonly string[];
}

export interface ParsedOptions {
  positionals: string[];
  flags: Set<string>;
  values: Map<string, string>;
  lists: Map<string, string[]>;
}

/** `node:util`'s parseArgs in strict mode, its thrown errors turned into a one-line reason. */
export const parseOptions = (args: readonly string[], spec: OptionSpec): Parsed<ParsedOptions> => {
  const options = Object.fromEntries([
    ...(spec.flags ?? []).map((name) => [name, { type: 'boolean' as const }]),
    ...(spec.values ?? []).map((name) => [name, { type: 'string' as const }]),
    ...(spec.lists ?? []).map((name) => [name, { type: 'string' as const, multiple: true }]),
  ]);
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    const flags = new Set<string>();
    const single = new Map<string, string>();
    const lists = new Map<string, string[]>();
    for (const [name, value] of Object.entries(values)) {
      if (value === true) flags.add(name);
      else if (typeof value === 'string') single.set(name, value);
      else if (Array.isArray(value))
        lists.set(
          name,
          value.filter((v): v is string => typeof v === 'string'),
        );
    }
    return { ok: true, value: { positionals, flags, values: single, lists } };
  } catch (error) {
    return fail(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
};

/** The command log's filters the API takes (schema/ops/command-filter.ts on the server side). */
export const FILTER_KEYS = [
  'type',
  'status',
  'resultCode',
  'owner',
  'clientId',
  'orderNumber',
  'from',
  'to',
  'q',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type CommandFilterArgs = Partial<Record<FilterKey, string>>;

/** Other names an operator may type, as the console's URL accepts them. */
const FILTER_ALIASES: Record<string, FilterKey> = { device: 'clientId', code: 'resultCode', email: 'q' };

/**
 * `--filter status=failed,type=order.place --filter q=ana@example.com` → `{ status, type, q }`. A key the log does
 * not filter by is an error naming it; a key given twice with two values too (which one was meant?).
 */
export const parseFilter = (specs: readonly string[]): Parsed<CommandFilterArgs> => {
  const filter: CommandFilterArgs = {};
  for (const part of specs.flatMap((spec) => spec.split(','))) {
    const text = part.trim();
    if (text === '') continue;
    const eq = text.indexOf('=');
    if (eq <= 0) return fail(`filter "${text}": expected key=value`);
    const raw = text.slice(0, eq).trim();
    const value = text.slice(eq + 1).trim();
    const key = (FILTER_KEYS as readonly string[]).includes(raw) ? (raw as FilterKey) : FILTER_ALIASES[raw];
    if (!key) return fail(`filter "${raw}": not a filter of the command log (${FILTER_KEYS.join(', ')})`);
    if (value === '') return fail(`filter "${raw}": empty value`);
    if (filter[key] !== undefined && filter[key] !== value) return fail(`filter "${key}" given twice`);
    filter[key] = value;
  }
  return { ok: true, value: filter };
};

export const RANGES = ['hour', 'day', 'week'] as const;
export type Range = (typeof RANGES)[number];

export const parseRange = (text: string | undefined, fallback: Range): Parsed<Range> =>
  text === undefined
    ? { ok: true, value: fallback }
    : (RANGES as readonly string[]).includes(text)
      ? { ok: true, value: text as Range }
      : fail(`--range must be one of ${RANGES.join(', ')}`);
