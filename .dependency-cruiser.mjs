// @ts-check
/**
 * The layering rules (issue 14, "Layering, enforced"), checked by `npm run lint:deps` and in CI (.ci/run).
 * Every import counts, type-only ones too (tsPreCompilationDeps): a type import is still a dependency of the
 * code's shape, and a cycle through one is still a cycle.
 *
 * The layers, bottom up:
 * - schema/: what the client and the server both use. Pure code: it imports nothing of ours outside itself.
 * - client/ and sync-server/: the two sides. Neither imports the other; both import schema/.
 * - tools/ and tests/: dev code. They may import anything; the running code never imports them.
 *
 * Inside client/:
 * - shared folders, importable module by module: ui/ (generic UI), lib/ (plain helpers), i18n/ (dictionaries).
 *   They import only each other (and schema/).
 * - sync/: the local store's kernel. Views reach it only through store/; the features' registrations import
 *   only its contract with them (sync/feature.ts). Its code stays a lazy chunk (client-local-store-stays-lazy).
 * - store/: the local store's React face (the context, useStoreClient, useDispatch, useSyncState, the command
 *   notifications, the kernel's types). It imports only the kernel and the shared folders.
 * - features: every other top-level folder (account/, cart/, offline-catalog/, shortlists/, store/, wishlist/...;
 *   a new one is held to the rules by default) and each subfolder of catalog/. From outside a feature, an import
 *   goes through its public face, index.ts; inside, imports stay relative to its own modules. A feature also has
 *   registrations (feature.ts, notices.ts) that only the registries at the top of client/ import.
 * - app/: the shell (layout, header, router). Only the entry (client/main.tsx) imports it.
 * - Stylesheets (.css) are modules like the others: each module imports its own rules (Vite bundles them with its
 *   chunk), a feature's from its own folder (client-styles-own-folder), the shared ones from client/ui/.
 * - No cycle between client/ folders either (client-no-folder-cycles).
 *
 * Inside sync-server/ (a pragmatic rule, see server-feature-internals): a feature's subfolders (catalog/routes/,
 * catalog/import/...) are its own; other folders import only the files at its top level. Nothing imports the
 * composition roots (main.ts, server.ts, http/app.ts) but the one above it.
 */

/** Client folders imported module by module (no public face). */
const CLIENT_SHARED = ['ui', 'lib', 'i18n'];
/** Client folders that are not features: the shared ones, the shell and the kernel. */
const CLIENT_NOT_FEATURES = [...CLIENT_SHARED, 'app', 'sync'];

/** A client feature's folder, as a regular-expression group: `catalog/<sub>` or a top-level folder. */
const FEATURE = `(?!(?:${CLIENT_NOT_FEATURES.join('|')})/)(catalog/[^/]+|[^/]+)`;

/**
 * Modules a lazy boundary loads with import() from outside their feature: each is its own chunk, and a public
 * index.ts that re-exported it would pull it into the first page. They may be reached from outside only by
 * import() (rule lazy-entries-stay-lazy).
 */
const LAZY_ENTRIES = [
  // The layout's notices (client/app/layout.tsx): the account's own chunk, loaded after the first render.
  '^client/account/account-notices\\.tsx$',
  // The lasting notices' panel (client/app/layout.tsx), loaded with the account's notices.
  '^client/notices/lasting-notices\\.tsx$',
];

/**
 * A feature's registrations, besides its index.ts: what it tells the local store kernel (feature.ts: its
 * collections, views, commands; loaded with the kernel) and the command notifications (notices.ts: its success
 * notices and refusal codes; loaded with the first page). Only the registries at the top of client/
 * (client/features.ts, client/feature-notices.ts) import them from outside the feature, one line each.
 */
const REGISTRATIONS = '(feature|notices)\\.ts';

/** The kernel's contract with the features (types and the define helpers): what a registration imports of it. */
const KERNEL_CONTRACT = '^client/sync/feature\\.ts$';

/**
 * The command notifications (client/store/command-tracker.ts) read what each feature says of its commands from
 * this registry: a deliberate exception to store/ knowing no feature (the registry lists the features' notices).
 */
const STORE_READS_REGISTRIES = ['^client/feature-notices\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'schema-self-contained',
      comment: 'schema/ is shared by both sides: it imports nothing of ours outside schema/ (packages are fine).',
      severity: 'error',
      from: { path: '^schema/' },
      to: { path: '^(client|sync-server|tools|tests|migrations)/|^[^/]+\\.(ts|tsx|mjs|cjs|js)$' },
    },
    {
      name: 'schema-no-node-builtins',
      comment: 'schema/ runs in the browser too: no Node built-in modules.',
      severity: 'error',
      from: { path: '^schema/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'client-not-server',
      comment: 'The client never imports the server: what both use lives in schema/.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^sync-server/' },
    },
    {
      name: 'server-not-client',
      comment: 'The server never loads a browser module: what both use lives in schema/.',
      severity: 'error',
      from: { path: '^sync-server/' },
      to: { path: '^client/' },
    },
    {
      name: 'runtime-not-dev-code',
      comment: 'The running code (client, server, schema, migrations) never imports a dev tool or a test.',
      severity: 'error',
      from: { path: '^(client|sync-server|schema|migrations)/' },
      to: { path: '^(tools|tests)/' },
    },
    {
      name: 'simulators-stand-alone',
      comment:
        "simulators/ are the payment providers' stand-ins, separate processes: they share no code with the store " +
        '(their protocol is written twice on purpose, once per side, as with a real provider).',
      severity: 'error',
      from: { path: '^simulators/' },
      to: { path: '^(client|sync-server|schema|tools|tests|migrations)/' },
    },
    {
      name: 'store-not-simulators',
      comment: 'The store reaches a provider only over HTTP; only tests and tools start the simulators.',
      severity: 'error',
      from: { path: '^(client|sync-server|schema|migrations)/' },
      to: { path: '^simulators/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle between files (type-only imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-no-folder-cycles',
      comment:
        "No cycle between client/ folders (each folder's own files; catalog/'s subfolders are folders of their " +
        'own): the folders form layers, app on top, then the features, store, the kernel, the shared folders.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^client/' },
      to: { circular: true },
    },
    {
      name: 'client-feature-public-face',
      comment:
        "A client feature's modules are its own: from outside its folder, import its index.ts " +
        '(lazily loaded modules excepted: LAZY_ENTRIES).',
      severity: 'error',
      from: { path: '^client/(catalog/[^/]+|[^/]+)/' },
      to: {
        path: `^client/${FEATURE}/`,
        pathNot: ['^client/$1/', `^client/${FEATURE}/index\\.ts$`, ...LAZY_ENTRIES],
      },
    },
    {
      name: 'client-top-level-public-face',
      comment:
        "The client's top-level files (the entry, the registries) reach a feature through its index.ts, or through " +
        'its registrations (REGISTRATIONS), which the registries list one line per feature.',
      severity: 'error',
      from: { path: '^client/[^/]+$' },
      to: {
        path: `^client/${FEATURE}/`,
        pathNot: [`^client/${FEATURE}/index\\.ts$`, `^client/${FEATURE}/${REGISTRATIONS}$`],
      },
    },
    {
      name: 'client-styles-own-folder',
      comment:
        "A feature's stylesheet is its own look: only its folder's modules import it; what several features use " +
        'is a shared style of client/ui/ (client-feature-public-face says as much of every module; this rule names it).',
      severity: 'error',
      from: { path: '^client/(catalog/[^/]+|[^/]+)/' },
      to: { path: `^client/${FEATURE}/.+\\.css$`, pathNot: '^client/$1/' },
    },
    {
      name: 'lazy-entries-stay-lazy',
      comment: 'A lazily loaded module (LAZY_ENTRIES) is imported from outside its folder only with import().',
      severity: 'error',
      from: { path: '^client/(catalog/[^/]+|[^/]+)/' },
      to: { path: LAZY_ENTRIES, pathNot: '^client/$1/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'client-kernel-through-store',
      comment:
        'The local store kernel (client/sync/) is reached through its React face, client/store/, and by the ' +
        "features' registrations through its contract with them (KERNEL_CONTRACT); the registry of the store's " +
        'features (client/features.ts), which the kernel reads, may name its types too.',
      severity: 'error',
      from: { path: '^client/', pathNot: ['^client/(sync|store)/', '^client/features\\.ts$'] },
      to: { path: '^client/sync/', pathNot: KERNEL_CONTRACT },
    },
    {
      name: 'client-local-store-stays-lazy',
      comment:
        'Outside the kernel and the registrations it loads, client/sync/ is imported for its types or with ' +
        "import(): the local store's code (RxDB, the replication) stays a chunk of its own, loaded after the " +
        'first page (npm run bench:web).',
      severity: 'error',
      from: {
        path: '^client/',
        pathNot: ['^client/sync/', '^client/features\\.ts$', `^client/${FEATURE}/feature\\.ts$`],
      },
      to: { path: '^client/sync/', dependencyTypesNot: ['type-only', 'dynamic-import'] },
    },
    {
      name: 'client-store-below-features',
      comment:
        "client/store/ (the store's React face) imports only the kernel and the shared folders, and the registry " +
        'of what the features say of their commands (STORE_READS_REGISTRIES).',
      severity: 'error',
      from: { path: '^client/store/' },
      to: {
        path: '^client/',
        pathNot: [`^client/(store|sync|${CLIENT_SHARED.join('|')})/`, ...STORE_READS_REGISTRIES],
      },
    },
    {
      name: 'client-shared-below-all',
      comment: 'The shared folders (ui, lib, i18n) import only each other: they know no feature, store or shell.',
      severity: 'error',
      from: { path: `^client/(${CLIENT_SHARED.join('|')})/` },
      to: { path: '^client/', pathNot: `^client/(${CLIENT_SHARED.join('|')})/` },
    },
    {
      name: 'client-shell-on-top',
      comment: 'client/app/ is the shell: only the entry (client/main.tsx) imports it.',
      severity: 'error',
      from: { path: '^client/', pathNot: ['^client/app/', '^client/main\\.tsx$'] },
      to: { path: '^client/app/' },
    },
    {
      name: 'server-feature-internals',
      comment:
        "A server feature's subfolders (catalog/routes/, catalog/import/...) are its own: other folders import " +
        'only the files at the top of a feature folder.',
      severity: 'error',
      from: { path: '^sync-server/([^/]+)/' },
      to: { path: '^sync-server/[^/]+/[^/]+/', pathNot: '^sync-server/$1/' },
    },
    {
      name: 'server-composition-roots',
      comment:
        'The server is put together top-down: main.ts starts server.ts, which builds http/app.ts; no other ' +
        'server module imports them.',
      severity: 'error',
      from: { path: '^sync-server/', pathNot: '^sync-server/(main|server)\\.ts$' },
      to: { path: '^sync-server/((main|server)\\.ts|http/app\\.ts)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|build|node_modules|\\.data|\\.bench|\\.test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
