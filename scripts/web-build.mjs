// Builds the web app when its build is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const buildMarker = path.join(root, 'apps/web/build/client/__spa-fallback.html');
const sources = [
  'apps/web/src',
  'apps/web/content',
  'packages/core/src',
  'apps/web/vite.config.ts',
  'apps/web/vite.shells.config.ts',
  'apps/web/scripts',
  'apps/web/package.json',
  'apps/web/react-router.config.ts',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Returns true when a build ran. */
export function buildWebIfStale({ force = false } = {}) {
  const builtAt = fs.existsSync(buildMarker) ? fs.statSync(buildMarker).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (!force && builtAt > changedAt) return false;
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!buildWebIfStale({ force: process.argv.includes('--force') }))
    console.log('Web build is up to date.');
}
