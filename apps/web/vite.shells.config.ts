import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import type { PluginOption } from 'vite';

import { compiledCatalogs } from './src/i18n/compiled-catalogs-plugin';
import { languageNamesFontFile } from './src/i18n/language-names-font-plugin';

/**
 * The standalone page shells (src/shells/): the donation page and the OBS overlay as plain
 * React pages without React Router, for phones and OBS sources that open them directly (issue
 * 12's page-weight budgets). Built after `react-router build` into the same build/client, so
 * their hashed assets sit beside the app's under /assets/; the HTML lands in build/client/shells/.
 */
const srcDir = path.resolve(import.meta.dirname, 'src');

// Same cast as vite.config.ts: @tailwindcss/vite's types resolve to the root's vite 8.
const tailwindPlugin = tailwindcss() as unknown as PluginOption;

const publicUrl = (process.env.VITE_PUBLIC_URL ?? process.env.PUBLIC_URL ?? '').replace(/\/$/, '');

/**
 * `--ssr shells/donation-ssr.tsx` builds the donation page's server renderer instead: into
 * build/server/, where the API server loads it (apps/server/src/web/web.routes.ts).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: srcDir,
  base: '/',
  publicDir: false,
  // The server renderer carries its libraries inside it, so the server loads it from wherever
  // the build is deployed (WEB_DIST_DIR), with no node_modules beside it.
  ssr: { noExternal: true },
  plugins: [languageNamesFontFile(), tailwindPlugin, compiledCatalogs()],
  define: {
    'import.meta.env.VITE_PUBLIC_URL': JSON.stringify(publicUrl),
    // The renderer's React is the production build whatever NODE_ENV the server runs with.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  build: {
    outDir: path.resolve(import.meta.dirname, isSsrBuild ? 'build/server' : 'build/client'),
    // The React Router build is already there.
    // (build/server holds only the renderer, so it starts empty.)
    emptyOutDir: Boolean(isSsrBuild),
    // Every browser that runs these pages preloads modules natively: skip the polyfill's bytes.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Libraries' "use client" directives mean nothing in a browser bundle, and zod's comments
      // about esbuild are not annotations: both are noise (the app build hides them too).
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'INVALID_ANNOTATION')
          return;
        warn(warning);
      },
      input: {
        donation: path.join(srcDir, 'shells/donation.html'),
        'obs-alerts': path.join(srcDir, 'shells/obs-alerts.html'),
      },
    },
  },
}));
