import { existsSync } from 'node:fs';
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';
import { LANGUAGES, SOURCE_LANGUAGE } from '../../client/lib/languages';

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;
const CATALOG = 'virtual:catalog/';

/**
 * Lingui's macros (`t`, `msg`, `plural`, `<Trans>`) compiled with Babel before Vite's own TypeScript and JSX
 * transform. A file that uses them also imports its catalogue: the feature's own for `client/features/<name>/`,
 * the shared one for the rest. A catalogue module registers its languages' loaders and starts loading the chosen
 * one; English needs none, its texts staying in the code.
 */
export function linguiMacros(clientDir: string): Plugin[] {
  const runtime = JSON.stringify(`${clientDir}/lib/i18n.ts`);
  const macros: Plugin = {
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
      // English stays in the code; every other language is fetched only when chosen.
      return [
        `import { addCatalog } from ${runtime};`,
        `addCatalog(${JSON.stringify(name)}, { ${loaders.join(', ')} });`,
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
        // Each English text stays beside its id (client/lib/icu.ts compiles it when shown): no English catalogue.
        plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }]],
      });
      if (!result?.code) return null;
      const feature = /\/client\/features\/([^/]+)\//.exec(file)?.[1];
      const catalog = `${CATALOG}${feature ?? 'common'}`;
      return { code: `import ${JSON.stringify(catalog)};\n${result.code}`, map: result.map };
    },
  };
  /**
   * A screen's chunk (the router splits each route's component out) counts as loaded only once the messages of the
   * modules it brought are in, so a screen never draws before its texts. Done where the route imports the chunk:
   * top-level await in the chunk itself would break the shared chunks apart.
   */
  const screens: Plugin = {
    name: 'lingui-screens-wait',
    transform(code, id) {
      const split = /\bimport\((['"][^'"]*tsr-split=component[^'"]*['"])\)/g;
      if (id.includes('tsr-split') || !split.test(code)) return null;
      return {
        code: `import { withCatalogs as __withCatalogs } from ${runtime};\n${code.replace(split, 'import($1).then(__withCatalogs)')}`,
        map: null,
      };
    },
  };
  return [macros, screens];
}
