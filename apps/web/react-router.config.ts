import type { Config } from '@react-router/dev/config';
import { GUIDE_SLUGS, LANGUAGES, PUBLIC_PAGES, guidePath, pathInLanguage } from '@shabaash/core';

/**
 * Public marketing pages and guides are prerendered to finished HTML so they reach a phone and a
 * search engine without JavaScript; every other path is client-rendered from the SPA fallback
 * (`build/client/__spa-fallback.html`), which the Fastify server serves for non-prerendered paths.
 */
const PRERENDERED_PATHS = [
  // Home, features, contact, guides list, site map and the legal pages (the XML site map's list),
  // each in every language (English at its path, Hindi under /hi: pathInLanguage).
  ...LANGUAGES.flatMap((language) =>
    PUBLIC_PAGES.map((page) => pathInLanguage(page.path, language)),
  ),
  // The guides are English only.
  ...GUIDE_SLUGS.map(guidePath),
];

export default {
  appDirectory: 'src',
  // SPA mode: no server runtime. Nothing in the app may use server loaders or actions.
  ssr: false,
  prerender: PRERENDERED_PATHS,
  // Opt in to React Router 8 behaviour now (silences the build's warnings). With ssr:false and no
  // loaders, middleware or server requests the build output is the same with or without them.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
