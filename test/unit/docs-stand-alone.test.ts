import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository must stand alone: docs/api.md carries the API contract, so nothing may cite the
// spec files that live outside it, and every relative link in the docs must reach a file inside it.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Spelled in parts so this test does not match itself.
const OUTSIDE_SPECS = ['decisions', 'service-api'].map((name) => `${name}.md`);
const SCANNED_DIRS = ['src', 'scripts', 'docs', 'bench', 'test'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|sh)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'out', 'dist']);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(full);
    return entry.isFile() && TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

function markdownDocs(): string[] {
  return [path.join(ROOT, 'README.md'), ...filesUnder(path.join(ROOT, 'docs')).filter((file) => file.endsWith('.md'))];
}

/** `file:line` of every line that names one of the outside spec files. */
function citationsOfOutsideSpecs(root: string, files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        OUTSIDE_SPECS.some((name) => line.includes(name))
          ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`]
          : [],
      ),
  );
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const outsideFences = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...outsideFences.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => headingAnchor(match[1]!)));
}

/** Relative link targets of a markdown file (inline links, outside code), with the line they are on. */
function relativeLinks(markdown: string): { target: string; line: number }[] {
  const lines = markdown.split('\n');
  let inFence = false;
  return lines.flatMap((text, index) => {
    if (text.startsWith('```')) inFence = !inFence;
    if (inFence) return [];
    const withoutCode = text.replace(/`[^`]*`/g, '');
    return [...withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
      .map((target) => ({ target, line: index + 1 }));
  });
}

/** Every relative link that leaves the repository, names a missing file or a missing heading. */
function brokenLinks(root: string, docs: readonly string[]): string[] {
  return docs.flatMap((doc) => {
    const markdown = readFileSync(doc, 'utf8');
    return relativeLinks(markdown).flatMap(({ target, line }) => {
      const [file = '', anchor] = target.split('#');
      const resolved = file ? path.resolve(path.dirname(doc), decodeURIComponent(file)) : doc;
      const where = `${path.relative(root, doc)}:${line}: ${target}`;
      if (!resolved.startsWith(root + path.sep)) return [`${where} (outside the repository)`];
      if (!existsSync(resolved)) return [`${where} (no such file)`];
      if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor))
        return [`${where} (no such heading)`];
      return [];
    });
  });
}

describe('the docs stand alone', () => {
  it('no source, script, test, benchmark or doc cites the spec files kept outside the repository', () => {
    const files = [path.join(ROOT, 'README.md'), ...SCANNED_DIRS.flatMap((dir) => filesUnder(path.join(ROOT, dir)))];
    expect(files.length).toBeGreaterThan(100);
    expect(citationsOfOutsideSpecs(ROOT, files)).toEqual([]);
  });

  it('every relative link in README.md and docs/*.md reaches a file (and heading) inside the repository', () => {
    const docs = markdownDocs();
    expect(docs.map((doc) => path.relative(ROOT, doc))).toContain(path.join('docs', 'api.md'));
    expect(brokenLinks(ROOT, docs)).toEqual([]);
  });

  it('docs/api.md opens with a table of contents whose every entry is a heading of the file', () => {
    const api = readFileSync(path.join(ROOT, 'docs', 'api.md'), 'utf8');
    const contents = api.split(/^## /m)[1] ?? '';
    expect(contents.startsWith('Contents')).toBe(true);
    const entries = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]!);
    const headings = [...api.matchAll(/^## (.+)$/gm)]
      .map((match) => headingAnchor(match[1]!))
      .filter((anchor) => anchor !== 'contents');
    expect(entries).toEqual(headings);
  });

  it('the checks report a cited spec file, a link out of the repository, a missing file and a missing heading', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'dubdesk-docs-'));
    try {
      writeFileSync(path.join(root, 'code.ts'), `// as ${OUTSIDE_SPECS[0]} says\nconst fine = 1;\n`);
      writeFileSync(path.join(root, 'other.md'), '# Other\n\n## Callbacks\n');
      const readme = path.join(root, 'README.md');
      writeFileSync(
        readme,
        [
          '# Title',
          '',
          `[spec](../spec/${OUTSIDE_SPECS[1]})`,
          '[gone](docs/missing.md)',
          '[bad heading](other.md#events)',
          '[good](other.md#callbacks) [here](#title) [web](https://example.com/x.md) `[code](nowhere.md)`',
        ].join('\n'),
      );
      expect(citationsOfOutsideSpecs(root, [path.join(root, 'code.ts'), readme])).toEqual([
        `code.ts:1: // as ${OUTSIDE_SPECS[0]} says`,
        `README.md:3: [spec](../spec/${OUTSIDE_SPECS[1]})`,
      ]);
      expect(brokenLinks(root, [readme])).toEqual([
        `README.md:3: ../spec/${OUTSIDE_SPECS[1]} (outside the repository)`,
        'README.md:4: docs/missing.md (no such file)',
        'README.md:5: other.md#events (no such heading)',
      ]);
      expect(headingAnchor('Inputs fetched over http(s)')).toBe('inputs-fetched-over-https');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
