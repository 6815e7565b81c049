import path from 'node:path';
import type { Plugin } from 'vite';

import { GUIDE_CATEGORIES, WORDS_PER_MINUTE } from '../guide-categories';
import { parseMarkdownDocument, type FrontMatter } from './markdown';

/** Front matter each kind of content must carry, checked when the site is built. */
const REQUIRED_ATTRIBUTES: Record<string, readonly string[]> = {
  guides: ['title', 'excerpt', 'category', 'author', 'date'],
  legal: ['title', 'updated'],
};

/**
 * Vite plugin: `import { meta, html } from 'content/…/x.md'` gives the front matter (plus
 * `wordCount` and `readMinutes`) and the body converted to HTML at build time. `x.md?meta` is a
 * separate module with the front matter only, so lists of guides never carry the article bodies.
 * A missing or wrong front-matter field stops the build with the file's name.
 */
export function markdownContent(): Plugin {
  return {
    name: 'shabaash:markdown-content',
    transform(source, id) {
      const [file = id, query = ''] = id.split('?');
      if (!file.endsWith('.md')) return null;
      const { attributes, html, wordCount } = parseMarkdownDocument(source);
      checkAttributes(file, attributes);
      const meta = {
        ...attributes,
        wordCount,
        readMinutes: Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE)),
      };
      const metaExport = `export const meta = ${JSON.stringify(meta)};\n`;
      const isMetaOnly = new URLSearchParams(query).has('meta');
      return {
        code: isMetaOnly
          ? metaExport
          : `${metaExport}export const html = ${JSON.stringify(html)};\n`,
        map: null,
      };
    },
  };
}

function checkAttributes(file: string, attributes: FrontMatter): void {
  const kind = path.basename(path.dirname(file));
  const required = REQUIRED_ATTRIBUTES[kind] ?? [];
  const missing = required.filter((key) => typeof attributes[key] !== 'string' || !attributes[key]);
  if (missing.length > 0) {
    throw new Error(`${file}: front matter is missing ${missing.join(', ')}`);
  }
  if (kind === 'guides') {
    const category = String(attributes.category);
    if (!(GUIDE_CATEGORIES as readonly string[]).includes(category)) {
      throw new Error(`${file}: unknown category "${category}"`);
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(attributes.date))) {
      throw new Error(`${file}: date must be YYYY-MM-DD`);
    }
  }
}
