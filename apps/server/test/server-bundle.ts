import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const serverSrc = path.resolve(import.meta.dirname, '../src');
const repoRoot = path.resolve(import.meta.dirname, '../../..');

export type ServerBundle = {
  /** The server (`src/main.ts`), as one JavaScript file. */
  main: string;
  /** The admin command line (`src/cli/admin.ts`). */
  admin: string;
  remove(): void;
};

/**
 * Builds the server and its admin command line into plain JavaScript once per test run, for the
 * tests that start them as child processes (crash tests, the CLI, the browser tests' server).
 * The same esbuild transform tsx applies, done once: through tsx each start spent about 1.2 s of
 * CPU more (its loader thread resolving and transforming every module again), and the suite
 * starts some hundred of them. Packages stay outside the bundle and load from node_modules, so
 * the bundle is written under it; `@shabaash/core` (TypeScript) goes inside.
 */
export async function buildServerBundle(): Promise<ServerBundle> {
  const cacheDir = path.join(repoRoot, 'node_modules/.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  const outdir = fs.mkdtempSync(path.join(cacheDir, 'shabaash-server-'));
  await esbuild.build({
    entryPoints: {
      main: path.join(serverSrc, 'main.ts'),
      admin: path.join(serverSrc, 'cli/admin.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [packagesOutside, sourcePathsKept],
  });
  return {
    main: path.join(outdir, 'main.mjs'),
    admin: path.join(outdir, 'admin.mjs'),
    remove: () => fs.rmSync(outdir, { recursive: true, force: true }),
  };
}

/** npm packages load from node_modules as usual; the workspace's own TypeScript is bundled. */
const packagesOutside: esbuild.Plugin = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shabaash/') ? undefined : { external: true },
    );
  },
};

/**
 * Files found next to a module (migrations, the sandbox page, speech and image workers) are
 * found from the module's own folder, `import.meta.dirname` or `new URL('./x', import.meta.url)`:
 * in a bundle both would name the bundle's folder, so each module gets its source folder written
 * in.
 */
const sourcePathsKept: esbuild.Plugin = {
  name: 'source-paths-kept',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const fileUrl = JSON.stringify(pathToFileURL(args.path).href);
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replace(/new URL\(([^,()]+), import\.meta\.url\)/g, `new URL($1, ${fileUrl})`);
      return { contents, loader: 'ts' };
    });
  },
};
