// The import rules of docs/architecture.md ("Who may import whom"), checked by `npm test` (`npm run imports`).
// One rule per row of that table, named after its module (the table's last column): a row that says "only" lists
// all the module may import inside src/, the others what it never imports; npm packages are free unless a rule
// names them. A broken rule prints `error <rule>: <file> → <import>` and fails the run.
const path = require('node:path');

// Folders and files of src/ as regular expressions.
const SHELL = '^src/main/(electron/|index\\.ts$)|^src/preload/'; // the only code that may load electron
const LEAVES = '^src/main/((config|ids|launcher-lifeline)\\.ts|files/(atomic-write|local-tree)\\.ts)$';
// The one atomic write helper and the one reader of local trees (node built-ins only), which every module of src/main may import.
const ATOMIC_WRITE = '^src/main/files/(atomic-write|local-tree)\\.ts$';
// What a type-only import is read as (.dependency-cruiser.babel.cjs): rules that weigh only what runs leave it out.
const TYPE_ONLY_IMPORT = 'typeOnlyImport';
const TYPE_ONLY = ['exotic-require'];
// A module, as the table counts them: a folder of src/main, a file directly in src/main, or a folder of src.
const MODULE = '^(src/main/[^/]+|src/[^/]+)';

/** A rule: files matching `from` import inside src/ only what `allowed` matches (and files/atomic-write.ts, files/local-tree.ts). */
function mayImportOnly(name, comment, from, allowed) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from },
    to: { path: '^src/', pathNot: `${allowed}|${ATOMIC_WRITE}` },
  };
}

/** A rule: files matching `from` (a path pattern, or a {path, pathNot} restriction) never import what `forbidden` matches. */
function neverImports(name, comment, from, forbidden) {
  return {
    name,
    comment,
    severity: 'error',
    from: typeof from === 'string' ? { path: from } : from,
    to: { path: forbidden },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'shared',
      comment:
        'Row `src/shared`: pure, the renderer uses it: only src/shared, typebox, chardet (subtitle encodings) and openapi-fetch (the typed API client), no node built-ins.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { pathNot: '^(src/shared/|node_modules/(typebox|chardet|openapi-fetch)/)' },
    },
    mayImportOnly(
      'store',
      'Row `src/main/store`: shared and ids.ts (and better-sqlite3, pg).',
      '^src/main/store/',
      '^src/(shared/|main/store/|main/ids\\.ts$)',
    ),
    mayImportOnly('media', 'Row `src/main/media`: shared.', '^src/main/media/', '^src/(shared/|main/media/)'),
    mayImportOnly(
      'files',
      "Row `src/main/files`: shared, ids.ts, config.ts (data paths), of the store only the file records' repository; never storage (the shared-storage contract lives in files, core hands the opened backend in).",
      '^src/main/files/',
      '^src/(shared/|main/files/|main/store/files-repository\\.ts$|main/(ids|config)\\.ts$)',
    ),
    mayImportOnly(
      'storage',
      'Row `src/main/storage`: shared and the contract it implements (files/shared-storage.ts), besides files/atomic-write.ts, files/local-tree.ts; shared storage knows nothing of jobs, files records or the store.',
      '^src/main/storage/',
      '^src/(shared/|main/storage/|main/files/shared-storage\\.ts$)',
    ),
    mayImportOnly(
      'logging',
      'Row `src/main/logging`: nothing else in src (node built-ins, pino, rotating-file-stream).',
      '^src/main/logging/',
      '^src/main/logging/',
    ),
    mayImportOnly(
      'models',
      'Row `src/main/models`: shared, media, files and ids.ts.',
      '^src/main/models/',
      '^src/(shared/|main/(models|media|files)/|main/ids\\.ts$)',
    ),
    mayImportOnly(
      'engines',
      'Row `src/main/engines`: shared, models, media and files/guarded-lookup.ts (the LLM endpoint obeys the address rules of callbacks).',
      '^src/main/engines/',
      '^src/(shared/|main/(engines|models|media)/|main/files/guarded-lookup\\.ts$)',
    ),
    mayImportOnly(
      'requests',
      'Row `src/main/requests`: shared, media, files, models and engines (read-only checks), store repositories (for their record types).',
      '^src/main/requests/',
      '^src/(shared/|main/(requests|media|files|models|engines)/|main/store/[^/]+-repository\\.ts$)',
    ),
    mayImportOnly(
      'plans',
      'Row `src/main/plans`: shared, engines and files/atomic-write.ts (a job plan is made from the request and the engines, and kept in the work folder).',
      '^src/main/plans/',
      '^src/(shared/|main/(plans|engines)/)',
    ),
    mayImportOnly(
      'pipelines',
      'Row `src/main/pipelines`: shared, engines, media, files, requests, quality, dubbing and plans; never store or models (a pipeline asks engines and never reads the database).',
      '^src/main/pipelines/',
      '^src/(shared/|main/(pipelines|engines|media|files|requests|quality|dubbing|plans)/)',
    ),
    mayImportOnly(
      'quality',
      'Row `src/main/quality`: shared, engines, media and dubbing (the result measurements the check-quality stages call).',
      '^src/main/quality/',
      '^src/(shared/|main/(quality|engines|media|dubbing)/)',
    ),
    neverImports(
      'quality-for-pipelines',
      'Row `src/main/quality`: only pipelines (and bench, test) import it.',
      { path: '^src/', pathNot: '^src/main/(quality|pipelines)/' },
      '^src/main/quality/',
    ),
    mayImportOnly(
      'dubbing',
      "Row `src/main/dubbing`: shared, engines, media and files (translate-and-dub's own logic: timing plan, cues, voices, clip cache, dub track).",
      '^src/main/dubbing/',
      '^src/(shared/|main/(dubbing|engines|media|files)/)',
    ),
    neverImports(
      'dubbing-for-kinds',
      'Row `src/main/dubbing`: only pipelines, projects and quality (and bench, test) import it.',
      { path: '^src/', pathNot: '^src/main/(dubbing|pipelines|projects|quality)/' },
      '^src/main/dubbing/',
    ),
    mayImportOnly(
      'queue',
      'Row `src/main/queue`: shared, store, pipelines, plans, ids.ts and files/guarded-lookup.ts (callbacks obey the address rules of fetched inputs).',
      '^src/main/queue/',
      '^src/(shared/|main/(queue|store|pipelines|plans)/|main/files/guarded-lookup\\.ts$|main/ids\\.ts$)',
    ),
    mayImportOnly(
      'projects',
      'Row `src/main/projects`: shared, store repositories, engines, media, files, pipelines, dubbing, requests, the job service and ids.ts.',
      '^src/main/projects/',
      '^src/(shared/|main/(projects|engines|media|files|pipelines|dubbing|requests)/|main/store/[^/]+-repository\\.ts$|main/queue/job-service\\.ts$|main/ids\\.ts$)',
    ),
    neverImports(
      'api',
      'Row `src/main/api`: everything in src/main but the electron shell, service.ts and worker.ts.',
      '^src/main/api/',
      `${SHELL}|^src/(cli|renderer)/|^src/main/(service|worker)\\.ts$`,
    ),
    neverImports(
      'api-routes',
      'Row `src/main/api`: a route plugin gets what it uses as options (built in build-app.ts), never the core.',
      '^src/main/api/routes/',
      '^src/main/core(|-[a-z-]+)\\.ts$',
    ),
    neverImports(
      'core',
      'Row `src/main/core.ts` (and its parts, `core-*.ts`): everything in src/main but the electron shell, service.ts, worker.ts and api (the API is built on the core, never under it).',
      '^src/main/core(|-[a-z-]+)\\.ts$',
      `${SHELL}|^src/(cli|renderer)/|^src/main/(service|worker)\\.ts$|^src/main/api/`,
    ),
    neverImports(
      'api-on-top',
      'Row `src/main/api`: only service.ts (which builds the app) imports it; what core or a command shares with the API (body validation) lives in requests or shared.',
      { path: '^src/(main|cli)/', pathNot: '^src/main/(api/|service\\.ts$)' },
      '^src/main/api/',
    ),
    neverImports(
      'service',
      'Row `service.ts`, `worker.ts`: everything in src/main but the electron shell.',
      '^src/main/(service|worker)\\.ts$',
      `${SHELL}|^src/(cli|renderer)/`,
    ),
    mayImportOnly(
      'electron-shell',
      'Row `src/main/electron`, `src/main/index.ts`, `src/preload`: service.ts, shared/ipc.ts, config.ts and launcher-lifeline.ts.',
      SHELL,
      `${SHELL}|^src/shared/ipc\\.ts$|^src/main/(service|config|launcher-lifeline)\\.ts$`,
    ),
    neverImports(
      'cli',
      'Row `src/cli`: src/main (core, service, store for admin commands) but never the electron shell.',
      '^src/cli/',
      `${SHELL}|^src/renderer/`,
    ),
    {
      name: 'renderer',
      comment:
        'Row `src/renderer`: shared and npm packages; talks to the core only over REST + SSE: never src/main, never node built-ins.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { pathNot: '^(src/(renderer|shared)/|node_modules/)' },
    },
    mayImportOnly(
      'running-services',
      'Row `src/main/running-services.ts`: config.ts and files.',
      '^src/main/running-services\\.ts$',
      '^src/main/(config\\.ts$|files/)',
    ),
    mayImportOnly(
      'leaves',
      'Row `config.ts`, `ids.ts`, `launcher-lifeline.ts`, `files/atomic-write.ts`, `files/local-tree.ts`: node built-ins only.',
      LEAVES,
      '^$',
    ),
    {
      name: 'electron-only-in-shell',
      comment: 'Row `src/main/electron`: the only code importing electron, so the core runs in plain Node.',
      severity: 'error',
      from: { pathNot: SHELL },
      to: { path: '^node_modules/electron/' },
    },
    {
      name: 'updater-only-in-desktop',
      comment:
        'Row `src/main/electron`: electron-updater (and its runtime, builder-util-runtime) is imported only by src/main/index.ts and src/main/electron/**, so `dubdesk serve`, the CLI and workers never update themselves.',
      severity: 'error',
      from: { pathNot: '^src/main/(electron/|index\\.ts$)' },
      to: { path: '^node_modules/(electron-updater|builder-util-runtime)/' },
    },
    {
      name: 'onnxruntime-only-in-onnx-runtime',
      comment: 'Row `src/main/models`: models/onnx-runtime.ts is the only importer of onnxruntime-node.',
      severity: 'error',
      from: { pathNot: '^src/main/models/onnx-runtime\\.ts$' },
      to: { path: '^node_modules/onnxruntime-(node|common)/' },
    },
    {
      name: 'sqlite-only-in-store',
      comment: 'Row `src/main/store`: the only importer of better-sqlite3.',
      severity: 'error',
      from: { pathNot: '^src/main/store/' },
      to: { path: '^node_modules/better-sqlite3/' },
    },
    {
      name: 'pg-only-in-store',
      comment: 'Row `src/main/store`: the only importer of pg (the PostgreSQL driver), as of better-sqlite3.',
      severity: 'error',
      from: { pathNot: '^src/main/store/' },
      to: { path: '^node_modules/pg/' },
    },
    {
      name: 'aws-sdk-only-in-storage',
      comment:
        'Row `src/main/storage`: the only importer of the AWS SDK (@aws-sdk/*), as the store is of the database drivers.',
      severity: 'error',
      from: { pathNot: '^src/main/storage/' },
      to: { path: '^node_modules/@aws-sdk/' },
    },
    {
      name: 'no-circular',
      comment:
        'Below the table: no import cycle between modules (a cycle through another module), so the layers stay layers.',
      severity: 'error',
      from: { path: MODULE },
      to: { circular: true, via: { pathNot: '^$1(/|$)' } },
    },
    {
      name: 'stage-lends-nothing',
      comment:
        'Below the table: a stage file (`*-stage.ts`) takes no value from another; what two stages need lives in a module that is not a stage (type-only imports are free).',
      severity: 'error',
      from: { path: '^src/main/pipelines/.*-stage\\.ts$' },
      to: { path: '^src/main/pipelines/.*-stage\\.ts$', dependencyTypesNot: TYPE_ONLY },
    },
    {
      name: 'stage-parts-private',
      comment:
        "Below the table: a stage's parts, in the folder named after it (`pipelines/<kind>/<name>/` beside `<name>-stage.ts`), are imported only by that stage and each other, so they are stage code; what another file needs moves out of the folder. Stage files in a kind's subfolder (lipsync/precision/) are stages, free as any other.",
      severity: 'error',
      // $1: the importer's stage folder: `<kind>/<name>` of `<name>-stage.ts`, or the folder the importer is in.
      from: { path: '^(.+)(-stage\\.ts|/[^/]+)$' },
      to: { path: '^src/main/pipelines/[^/]+/[^/]+/', pathNot: '^$1/[^/]+$|-stage\\.ts$' },
    },
    {
      name: 'no-circular-pipelines',
      comment:
        "Below the table: no import cycle among the files of src/main/pipelines, type-only imports included, so a kind reads top-down (stage output shapes live in the kind's types.ts).",
      severity: 'error',
      from: { path: '^src/main/pipelines/' },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves, so no edge escapes the rules above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '^node_modules/' },
    // TypeScript 7 has no JavaScript API for dependency-cruiser, and its swc parser cannot read TSX: Babel reads
    // both (type-only imports kept). @swc/core is installed only so that .ts/.tsx files count as scannable.
    babelConfig: { fileName: path.join(__dirname, '.dependency-cruiser.babel.cjs') },
    // Babel turns `import type` into this call (see the Babel config), so a type-only edge is an 'exotic-require' one.
    exoticRequireStrings: [TYPE_ONLY_IMPORT],
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
