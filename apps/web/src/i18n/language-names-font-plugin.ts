import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
// By path, not '@shabaash/core': Vite bundles its config's relative imports, while a package
// it leaves to Node, which cannot load the core's TypeScript.
import { LANGUAGE_LABELS } from '../../../../packages/core/src/languages.ts';

/** Where app.css finds the face: generated, so it is not in git (.gitignore). */
const LANGUAGE_NAMES_FONT_FILE = path.resolve(
  import.meta.dirname,
  '../generated/language-names-600.woff2',
);

/** The language switch's weight (font-semibold): the one face its labels need. */
const SOURCE_FACE =
  '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff2';

/** The face's unicode-range in app.css: Devanagari, and the joiners that shape it. */
const DEVANAGARI = /[\u0900-\u097F\u200C\u200D]/gu;

/**
 * The glyphs of the languages' names in Devanagari ("हिन्दी"), with the shaping rules that join
 * them (its conjunct and vowel signs), cut from the Noto Sans Devanagari the Hindi pages use.
 */
async function languageNamesFont(): Promise<Buffer> {
  const text = Object.values(LANGUAGE_LABELS).join('').match(DEVANAGARI)?.join('') ?? '';
  const source = fs.readFileSync(createRequire(import.meta.url).resolve(SOURCE_FACE));
  return subsetFont(source, text, { targetFormat: 'woff2' });
}

/**
 * The language switch names Hindi in its own script on English pages too, where the Devanagari
 * text faces (app.css) do not load: a device without a Devanagari font of its own would draw
 * empty boxes. This writes a face holding only those glyphs (about 2.4 KB) before any CSS is
 * read, in every build and in the dev server, and rewrites it only when it changed.
 */
export function languageNamesFontFile(): Plugin {
  return {
    name: 'shabaash:language-names-font',
    async buildStart() {
      const font = await languageNamesFont();
      const current = fs.existsSync(LANGUAGE_NAMES_FONT_FILE)
        ? fs.readFileSync(LANGUAGE_NAMES_FONT_FILE)
        : null;
      if (current?.equals(font)) return;
      fs.mkdirSync(path.dirname(LANGUAGE_NAMES_FONT_FILE), { recursive: true });
      fs.writeFileSync(LANGUAGE_NAMES_FONT_FILE, font);
    },
  };
}
