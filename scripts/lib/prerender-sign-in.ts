import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Plugin } from 'vite';

/** The page the build makes for the sign-in screens, and the module that draws them. */
export const SIGN_IN_TEMPLATE = 'sign-in.html';
const PRERENDER_MODULE = '/sign-in/prerender.tsx';

interface PrerenderedPage {
  path: string;
  title: string;
  kind: string;
  html: string;
}

/** The app's entry, the modules it preloads and its stylesheet: a sign-in page fetches them while the password is checked. */
function portalAssets(indexHtml: string): string {
  const urls = [
    ...indexHtml.matchAll(
      /<(?:script type="module"|link rel="(?:modulepreload|stylesheet)")[^>]*\b(?:src|href)="([^"]+\.(?:js|css))"/g,
    ),
  ];
  if (!urls.some((match) => match[1]?.endsWith('.js'))) throw new Error('index.html names no module script');
  return urls.map((match) => match[1]).join(' ');
}

/**
 * The font of Basic Latin text, which every sign-in page draws with. Left to be found through the stylesheet, it
 * arrives after the first paint and redraws every line (a later largest paint); asked for at once, it is there for it.
 */
function basicLatinFont(css: string): string {
  for (const face of css.match(/@font-face\{[^}]*\}/g) ?? []) {
    if (!/unicode-range:\s*U\+(?:\?\?|0{1,4}-0{0,2}FF)(?![0-9A-F?])/i.test(face)) continue;
    const file = /url\((\/[^)]+\.woff2)\)/.exec(face)?.[1];
    if (file) return file;
  }
  throw new Error('The stylesheet has no Basic Latin font face for the sign-in pages');
}

/**
 * The page paints from its HTML alone: the stylesheet is written into it (the CSP allows inline styles, not
 * scripts), and its script and that script's modules are fetched at low priority, as nothing drawn waits for them.
 */
function leanHead(html: string, outDir: string): string {
  let styled = false;
  const lean = html
    .replace(/<link rel="stylesheet"[^>]*\bhref="\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
      styled = true;
      const css = readFileSync(join(outDir, file), 'utf8');
      const font = `<link rel="preload" as="font" type="font/woff2" crossorigin href="${basicLatinFont(css)}">`;
      return `${font}\n    <style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    })
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
  if (!styled) throw new Error(`${SIGN_IN_TEMPLATE} links no stylesheet`);
  return lean;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * After the client is built, draws each sign-in screen with the app's own components into `<path>.html` (the
 * Worker's assets answer `/login` with `login.html`), around the lean sign-in script and the app's stylesheet, so
 * the first screen most people see shows before any JavaScript runs and downloads a small part of the app.
 */
export function prerenderSignIn(configFile: string): Plugin {
  let outDir = '';
  return {
    name: 'prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const templatePath = join(outDir, SIGN_IN_TEMPLATE);
      const template = leanHead(readFileSync(templatePath, 'utf8'), outDir).replace(
        '</head>',
        `  <meta name="portal-assets" content="${portalAssets(readFileSync(join(outDir, 'index.html'), 'utf8'))}" />\n  </head>`,
      );
      const server = await createServer({
        configFile,
        appType: 'custom',
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, watch: null },
      });
      let pages: PrerenderedPage[];
      try {
        const module = await server.ssrLoadModule(PRERENDER_MODULE);
        pages = await (module.renderSignInPages as () => Promise<PrerenderedPage[]>)();
      } finally {
        await server.close();
      }
      for (const page of pages) {
        const html = template
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
          .replace('<div id="root"></div>', `<div id="root" data-sign-in="${page.kind}">${page.html}</div>`);
        if (html === template) throw new Error(`${SIGN_IN_TEMPLATE} lost its title or its root`);
        writeFileSync(join(outDir, `${page.path.slice(1)}.html`), html);
      }
      rmSync(templatePath);
    },
  };
}
