// The engine table of docs/models.md, generated from the capability table (`npm run docs:models` rewrites it).
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  CAPABILITY_TABLE,
  type EngineNeeds,
  type EngineRow,
  type EngineSupport,
} from '../src/main/engines/capability-table.js';

const root = path.resolve(import.meta.dirname, '..');
export const MODELS_DOC_FILE = path.join(root, 'docs', 'models.md');
export const SECTION_START =
  '<!-- engine table: generated from src/main/engines/capability-table.ts by `npm run docs:models`; do not edit -->';
export const SECTION_END = '<!-- end of the generated engine table -->';

const code = (text: string) => `\`${text}\``;

function needsCell(needs: EngineNeeds): string {
  const parts: string[] = [];
  if (needs.models?.length) {
    const ids = needs.models.map(code);
    parts.push(
      ids.length === 1
        ? ids[0]!
        : needs.modelsNeeded === 'all'
          ? `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`
          : `one of ${ids.join(', ')}`,
    );
  }
  if (needs.packages?.length) parts.push(`Debian/Ubuntu ${needs.packages.map(code).join(', ')}`);
  if (needs.setting) parts.push(needs.setting);
  if (needs.builtIn) parts.push(`nothing: ${needs.builtIn}`);
  return parts.join('; ');
}

function supportsCell(supports: EngineSupport): string {
  const languages = typeof supports.languages === 'string' ? supports.languages : supports.languages?.join(', ');
  return [languages, supports.media.join(', ')].filter(Boolean).join('; ');
}

function installCell(engine: EngineRow): string {
  if (engine.installHint) return engine.installHint;
  if (engine.needs.models?.length) return 'Models page, or `dubdesk models install <id>`';
  if (engine.needs.setting) return 'Settings page';
  return '—';
}

function engineCell(engine: EngineRow): string {
  const namedBy = { catalogue: ' (named by its model)', settings: " (named by the endpoint's model)" } as const;
  return `${engine.title}${engine.titleFrom ? namedBy[engine.titleFrom] : ''} (${code(engine.source)})`;
}

/** The generated section, markers included. */
export function engineTableSection(): string {
  const rows = CAPABILITY_TABLE.flatMap((capability) =>
    capability.engines.map(
      (engine: EngineRow) =>
        `| ${capability.title} | ${code(engine.id)} | ${engineCell(engine)} | ${needsCell(engine.needs)} | ${supportsCell(engine.supports)} | ${engine.quality ?? '—'} | ${installCell(engine)} | ${engine.license} |`,
    ),
  );
  const without = CAPABILITY_TABLE.flatMap((capability) =>
    'withoutEngine' in capability ? [`- Without a ${capability.title} engine: ${capability.withoutEngine}.`] : [],
  );
  return [
    SECTION_START,
    '| capability | id | engine | needs | supports | quality | install | license |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...without,
    SECTION_END,
  ].join('\n');
}

/** docs/models.md with its generated section replaced by the current one. */
export function withEngineTable(doc: string): string {
  const start = doc.indexOf(SECTION_START);
  const end = doc.indexOf(SECTION_END);
  if (start < 0 || end < start)
    throw new Error(
      `docs/models.md lacks the markers of its generated engine table (${SECTION_START} ... ${SECTION_END}).`,
    );
  return doc.slice(0, start) + engineTableSection() + doc.slice(end + SECTION_END.length);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await fs.writeFile(MODELS_DOC_FILE, withEngineTable(await fs.readFile(MODELS_DOC_FILE, 'utf8')));
  console.log(`wrote the engine table of ${path.relative(root, MODELS_DOC_FILE)}`);
}
