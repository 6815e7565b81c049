/**
 * Makes apps/web/src/fonts/shabaash-emoji.woff2: the emoji of SHIPPED_EMOJI cut from Noto Color
 * Emoji (SIL OFL 1.1), in colour (COLRv1), about 19 KB. Run it when that list changes, then
 * commit the font:
 *
 *   node --import tsx apps/web/scripts/make-emoji-font.ts
 *
 * It needs Python with fontTools (Debian: `apt-get install python3-fonttools python3-brotli`,
 * with that python3 first on PATH), which keeps the colour tables when it subsets; the build's
 * own subsetter (subset-font, for the language names' face) drops them. The source font comes
 * from the npm registry at a pinned version.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHIPPED_EMOJI } from '../src/fonts/shipped-emoji.ts';

const SOURCE_PACKAGE = '@fontsource/noto-color-emoji@5.3.2';
const SOURCE_FILE = 'package/files/noto-color-emoji-emoji-400-normal.woff2';
const OUTPUT = path.resolve(import.meta.dirname, '../src/fonts/shabaash-emoji.woff2');

// fontTools 4.38 gives a glyph the clip box of another in a subset (😢 came out as a sliver):
// the clip boxes only speed up drawing, so the subset goes without them.
const SUBSET = `
import sys
from fontTools import subset
from fontTools.ttLib import TTFont
source, text, output = sys.argv[1:4]
options = subset.Options()
options.flavor = 'woff2'
options.drop_tables += ['SVG']
font = TTFont(source)
subsetter = subset.Subsetter(options)
subsetter.populate(text=text)
subsetter.subset(font)
font['COLR'].table.ClipList = None
font.flavor = 'woff2'
font.save(output)
`;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-emoji-font-'));
try {
  execFileSync('npm', ['pack', SOURCE_PACKAGE, '--silent'], { cwd: workDir, stdio: 'pipe' });
  const tarball = fs.readdirSync(workDir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${SOURCE_PACKAGE} wrote no tarball`);
  execFileSync('tar', ['xzf', tarball, SOURCE_FILE], { cwd: workDir });
  execFileSync(
    'python3',
    ['-c', SUBSET, path.join(workDir, SOURCE_FILE), SHIPPED_EMOJI.join(''), OUTPUT],
    { stdio: 'inherit' },
  );
  console.log(`${path.relative(process.cwd(), OUTPUT)}: ${String(fs.statSync(OUTPUT).size)} bytes`);
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
