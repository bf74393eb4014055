import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { chunkGroups } from './scripts/lib/chunk-groups';
import { linguiMacros } from './scripts/lib/lingui-vite';
import { pdfFontFiles } from './scripts/lib/pdf-fonts';
import { prerenderSignIn } from './scripts/lib/prerender-sign-in';
import { COMMON_PASSWORD_COUNT } from './worker/lib/password-policy';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const workerOrigin = 'http://127.0.0.1:8787';

/**
 * `virtual:common-passwords`: the 10,000 most common passwords, one per line, cut at build time from the
 * package's ranked list of 49,000 so the screens download only those (in a chunk of their own, loaded lazily).
 */
function commonPasswords(): Plugin {
  const id = 'virtual:common-passwords';
  return {
    name: 'common-passwords',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json');
      const ranked = JSON.parse(readFileSync(file, 'utf8')) as string[];
      return `export default ${JSON.stringify(ranked.slice(0, COMMON_PASSWORD_COUNT).join('\n'))};`;
    },
  };
}

/**
 * Swagger UI's script and stylesheet for the API docs page (`/api/docs`), served from the app's own origin so the
 * page works offline and under a CSP that admits no other site. No client screen loads them.
 */
function apiDocsAssets(): Plugin {
  return {
    name: 'api-docs-assets',
    apply: 'build',
    generateBundle() {
      const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
      for (const name of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
        const source = readFileSync(join(dir, name), 'utf8').replace(
          /\n\/[/*]# sourceMappingURL=\S+\s*(\*\/)?\s*$/,
          '\n',
        );
        this.emitFile({ type: 'asset', fileName: `docs/${name}`, source });
      }
    },
  };
}

/** The PDF fonts, copied from their packages into the static assets the Worker reads them from. */
function pdfFonts(): Plugin {
  return {
    name: 'pdf-fonts',
    apply: 'build',
    generateBundle() {
      for (const { file, path } of pdfFontFiles()) {
        this.emitFile({ type: 'asset', fileName: `fonts/${file}`, source: readFileSync(path) });
      }
    },
  };
}

/** The plugins that make the app's modules (the chunk groups' first pass needs them, and nothing else). */
function modulePlugins(): PluginOption[] {
  return [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Vite's root is client/, so the router's paths are given from the repository root.
      routesDirectory: fromRoot('./client/routes'),
      generatedRouteTree: fromRoot('./client/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    linguiMacros(fromRoot('./client')),
    react(),
    lingui(),
    commonPasswords(),
  ];
}

const resolve = {
  alias: {
    '~': fromRoot('./client'),
    'styled-system': fromRoot('./styled-system'),
  },
};
const rolldownInput = {
  // Panda's generated modules only define functions: without this, one recipe imported from the
  // `styled-system/recipes` index would bring every recipe into the screens' shared download.
  treeshake: { moduleSideEffects: (id: string) => !id.includes('/styled-system/') },
  // The app, and the sign-in pages' lean entry (scripts/lib/prerender-sign-in.ts draws those pages).
  input: { main: fromRoot('./client/index.html'), signIn: fromRoot('./client/sign-in.html') },
};

const groups = chunkGroups(() => ({
  root: fromRoot('./client'),
  plugins: modulePlugins(),
  resolve,
  build: { write: false, minify: false, rollupOptions: rolldownInput },
}));

export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./client/public'),
  plugins: [
    ...modulePlugins(),
    apiDocsAssets(),
    pdfFonts(),
    prerenderSignIn(fromRoot('./vite.config.ts')),
    groups.plugin,
  ],
  resolve,
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // scripts/bench/bundle.ts weighs each screen's chunks from it.
    manifest: true,
    rollupOptions: {
      ...rolldownInput,
      output: {
        // scripts/lib/chunk-groups.ts: what every screen, or every office screen, loads at once comes in one file.
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: groups.name }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: workerOrigin, changeOrigin: false },
      '/parties': { target: workerOrigin, ws: true },
    },
  },
  preview: { host: '127.0.0.1' },
});
