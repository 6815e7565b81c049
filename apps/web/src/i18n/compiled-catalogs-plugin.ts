import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** A catalog file: src/i18n/catalogs/<area>/<language>.json. */
const CATALOG_FILE = /\/src\/i18n\/catalogs\/[^/]+\/[^/]+\.json$/;

/**
 * Compiles the message catalogs at build time (issue 21): each ICU message of a catalog's JSON
 * becomes Lingui's compiled form (still JSON), so the pages ship no ICU parser and the build
 * runs no Babel pass. Runs before Vite's JSON plugin, which then makes the module as usual. A
 * message that does not parse fails the build.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'shabaash:compiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG_FILE.test(id.split('?')[0] ?? '')) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([messageId, message]) => [
          messageId,
          compileMessageOrThrow(message),
        ]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
