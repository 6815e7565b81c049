import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import type { PluginOption } from 'vite';

import { markdownContent } from './src/features/blog/build/markdown-plugin';
import { compiledCatalogs } from './src/i18n/compiled-catalogs-plugin';
import { languageNamesFontFile } from './src/i18n/language-names-font-plugin';

/** The Fastify server (apps/server) listens here during `npm run dev`. */
const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Path prefixes the dev server hands to the API server instead of the React app. Matched as
 * whole segments (a key starting with `^` is a RegExp to Vite): a plain '/media' key would also
 * swallow a streamer's donation page such as '/mediagamer'.
 */
const PROXIED_PREFIXES = ['/api', '/healthz', '/sandbox', '/media'];

/*
 * @tailwindcss/vite is hoisted to the root node_modules, where its type-only `import { Plugin }
 * from 'vite'` resolves to the root's vite 8 (pulled in by vitest) instead of this app's vite 7.
 * The plugin takes nothing from vite at run time, so only the declarations differ: cast to ours.
 */
const tailwindPlugin = tailwindcss() as unknown as PluginOption;

/**
 * The public origin for canonical and Open Graph URLs in the prerendered pages: the server's
 * PUBLIC_URL at build time (or VITE_PUBLIC_URL). Unset, pages use root-relative canonical URLs.
 */
const publicUrl = (process.env.VITE_PUBLIC_URL ?? process.env.PUBLIC_URL ?? '').replace(/\/$/, '');

export default defineConfig({
  // Guides and policies are Markdown, converted to HTML here at build time; message catalogs
  // are compiled here too (src/i18n).
  plugins: [
    languageNamesFontFile(),
    tailwindPlugin,
    markdownContent(),
    compiledCatalogs(),
    reactRouter(),
  ],
  define: { 'import.meta.env.VITE_PUBLIC_URL': JSON.stringify(publicUrl) },
  server: {
    proxy: Object.fromEntries(
      PROXIED_PREFIXES.map((prefix) => [`^${prefix}(/|\\?|$)`, { target: API_ORIGIN }]),
    ),
  },
});
