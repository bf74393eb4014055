import { existsSync } from 'node:fs';
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';
import { LANGUAGES, SOURCE_LANGUAGE } from '../../client/lib/languages';

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;
const CATALOG = 'virtual:catalog/';

/**
 * Lingui's macros (`t`, `msg`, `plural`, `<Trans>`) compiled with Babel before Vite's own TypeScript and JSX
 * transform. A file that uses them
 * also imports its catalogue: the feature's own for `client/features/<name>/`, the shared one for the rest.
 * A catalogue module registers its languages' loaders and, with top-level await, holds its screens until the
 * chosen language's messages are in.
 */
export function linguiMacros(clientDir: string): Plugin {
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith(CATALOG) ? `\0${source}` : null),
    load(id) {
      if (!id.startsWith(`\0${CATALOG}`)) return null;
      const name = id.slice(CATALOG.length + 1);
      const dir = name === 'common' ? `${clientDir}/locales` : `${clientDir}/features/${name}/locales`;
      const file = (language: string) => JSON.stringify(`${dir}/${language}.po`);
      const loaders = LANGUAGES.filter(
        (language) => language !== SOURCE_LANGUAGE && existsSync(`${dir}/${language}.po`),
      ).map((language) => `${language}: () => import(${file(language)})`);
      // English comes inside the screens' own chunk; every other language is fetched only when chosen.
      return [
        `import { addCatalog } from ${JSON.stringify(`${clientDir}/lib/i18n.ts`)};`,
        existsSync(`${dir}/${SOURCE_LANGUAGE}.po`)
          ? `import { messages as source } from ${file(SOURCE_LANGUAGE)};`
          : 'const source = {};',
        `await addCatalog(${JSON.stringify(name)}, { ${SOURCE_LANGUAGE}: async () => ({ messages: source }), ${loaders.join(', ')} });`,
      ].join('\n');
    },
    async transform(code, id) {
      const file = id.split('?')[0];
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      if (!result?.code) return null;
      const feature = /\/client\/features\/([^/]+)\//.exec(file)?.[1];
      const catalog = `${CATALOG}${feature ?? 'common'}`;
      return { code: `import ${JSON.stringify(catalog)};\n${result.code}`, map: result.map };
    },
  };
}
