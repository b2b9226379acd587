// Run before packaging (docs/release.md): the deb target needs a maintainer address and a homepage, which only the
// publisher can give, so a release without them stops here instead of failing deep inside electron-builder.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const config = JSON.parse(readFileSync(new URL('../electron-builder.json', import.meta.url), 'utf8'));
const authorEmail = typeof pkg.author === 'object' ? pkg.author?.email : /<[^>]+@[^>]+>/.exec(pkg.author ?? '')?.[0];
const problems = [];
if (!(config.linux?.maintainer ?? authorEmail))
  problems.push('package.json "author": {"name", "email"} (or linux.maintainer in electron-builder.json)');
if (!(pkg.homepage ?? pkg.repository)) problems.push('package.json "homepage" (or "repository")');
if (problems.length) {
  console.error(`Set before releasing:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('release metadata present');
