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

/** The app's entry, then the modules it preloads: a sign-in page fetches them while the password is checked. */
function portalModules(indexHtml: string): string {
  const urls = [
    ...indexHtml.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*\b(?:src|href)="([^"]+\.js)"/g),
  ];
  if (urls.length === 0) throw new Error('index.html names no module script');
  return urls.map((match) => match[1]).join(' ');
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
      const template = readFileSync(templatePath, 'utf8').replace(
        '</head>',
        `  <meta name="portal-modules" content="${portalModules(readFileSync(join(outDir, 'index.html'), 'utf8'))}" />\n  </head>`,
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
