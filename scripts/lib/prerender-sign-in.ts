import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { createServer, minifySync, type Plugin, transformWithOxc } from 'vite';
import { SOURCE_LANGUAGE } from '../../client/lib/languages';

/** The page the build makes for the sign-in screens, and the module that draws them. */
export const SIGN_IN_TEMPLATE = 'sign-in.html';
const PRERENDER_MODULE = '/sign-in/prerender.tsx';

interface PrerenderedPage {
  path: string;
  language: string;
  dir: string;
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
 * Inter cut to what the sign-in pages draw and people type there (ASCII and a few marks, weights 400 to 600), made
 * from Fontsource's Latin file with fontTools: `pyftsubset --unicodes=<SIGN_IN_FONT_RANGE> --layout-features=kern,liga,calt`
 * then `fonttools varLib.instancer … wght=400:600`. 17 KB against 48, written into the page: the text is drawn in
 * Inter at the first paint, never twice (a second, later largest paint), and without a connection of its own. Any
 * other character or weight still finds the full faces of the stylesheet.
 */
const SIGN_IN_FONT = fileURLToPath(new URL('../../client/sign-in/inter-sign-in.woff2', import.meta.url));
const SIGN_IN_FONT_RANGE = 'U+20-7E,U+A0,U+B7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026';

function signInFontFace(): string {
  const font = readFileSync(SIGN_IN_FONT).toString('base64');
  return (
    '@font-face{font-family:Inter Variable;font-style:normal;font-display:swap;font-weight:400 600;' +
    `src:url(data:font/woff2;base64,${font})format("woff2-variations");unicode-range:${SIGN_IN_FONT_RANGE}}`
  );
}

/** The one script written into the pages: it starts their own script after the first paint (see start.ts). */
const START_SCRIPT = fileURLToPath(new URL('../../client/sign-in/start.ts', import.meta.url));

async function startScript(): Promise<string> {
  const { code } = await transformWithOxc(readFileSync(START_SCRIPT, 'utf8'), START_SCRIPT, { lang: 'ts' });
  return minifySync('start.js', code, { module: true, compress: true, mangle: true }).code.trim();
}

/** The CSP source that admits exactly this inline script. */
export const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The page paints from its HTML alone: the stylesheet, cut to the rules these pages use, is written into it (the
 * CSP allows inline styles), and its script is named in a meta tag for the inline start script to load once the
 * first text is on screen: nothing fetched or run for it comes before the first paint.
 */
function leanHead(html: string, outDir: string, pages: string[], start: string): string {
  let styled = false;
  let scripted = false;
  const lean = html
    .replace(/<link rel="stylesheet"[^>]*\bhref="\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
      styled = true;
      // The last face declared for a character is tried first: the cut font goes after the stylesheet's own.
      const css = `${styleFor(readFileSync(join(outDir, file), 'utf8'), pages)}${signInFontFace()}`;
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    })
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script type="module"[^>]*\bsrc="([^"]+\.js)"[^>]*><\/script>/g, (_tag, src: string) => {
      scripted = true;
      return `<meta name="sign-in-script" content="${src}" />\n    <script type="module">${start}</script>`;
    });
  if (!styled) throw new Error(`${SIGN_IN_TEMPLATE} links no stylesheet`);
  if (!scripted) throw new Error(`${SIGN_IN_TEMPLATE} loads no module script`);
  return lean;
}

/** The static files' CSP (`_headers`) admits the start script by its hash, and no other inline script. */
function admitStartScript(outDir: string, start: string) {
  const path = join(outDir, '_headers');
  const headers = readFileSync(path, 'utf8');
  const admitted = headers.replace(/script-src 'self'(?=[;\n])/, `script-src 'self' ${scriptHash(start)}`);
  if (admitted === headers) throw new Error(`${path} has no script-src 'self' to admit the sign-in start script`);
  writeFileSync(path, admitted);
}

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_entity, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );

/** The classes a selector needs on its elements; one negated (`:not(.x)`) asks for nothing. */
function classesOf(selector: string): string[] {
  const plain = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  return [...plain.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1'));
}

/** The custom properties a text reads (`var(--name)`). */
const readProperties = (text: string) => [...text.matchAll(/var\(\s*(--(?:\\.|[\w-])+)/g)].map((match) => match[1]!);

/**
 * The app's stylesheet cut to the rules these pages can use: a rule naming a class that none of them carries
 * (their templates included) goes, and so does a custom property (a design token) that nothing left reads, directly
 * or through another; resets and every rule without a class stay. Smaller is not only fewer bytes: the browser
 * reads the whole sheet before the page's body, and a long read there lets it paint a blank frame first.
 */
export function styleFor(css: string, pages: string[]): string {
  const used = new Set(
    pages.flatMap((html) => [...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => unescapeHtml(m[1]!).split(/\s+/))),
  );
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((selector) => classesOf(selector).every((name) => used.has(name)));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  const read = new Set(pages.flatMap(readProperties));
  const definitions = new Map<string, string[]>();
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--')) for (const name of readProperties(decl.value)) read.add(name);
    else definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl.value]);
  });
  // A token read by a read token is read too (`--colors-fg` → `--colors-gray-12`).
  const pending = [...read];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const value of definitions.get(name) ?? []) {
      for (const next of readProperties(value)) {
        if (!read.has(next)) {
          read.add(next);
          pending.push(next);
        }
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
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
      const templatePath = join(outDir, SIGN_IN_TEMPLATE);
      const start = await startScript();
      const lean = leanHead(
        readFileSync(templatePath, 'utf8'),
        outDir,
        pages.map((page) => page.html),
        start,
      );
      admitStartScript(outDir, start);
      const assets = portalAssets(readFileSync(join(outDir, 'index.html'), 'utf8'));
      const template = lean.replace('</head>', `  <meta name="portal-assets" content="${assets}" />\n  </head>`);
      for (const page of pages) {
        const html = template
          .replace(/<html lang="en">/, `<html lang="${page.language}" dir="${page.dir}">`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
          .replace('<div id="root"></div>', `<div id="root" data-sign-in="${page.kind}">${page.html}</div>`);
        if (html === template) throw new Error(`${SIGN_IN_TEMPLATE} lost its title or its root`);
        // English at `/login.html`; another language in its own folder (`/hi/login.html`), which the Worker serves
        // at `/login` to a person who chose it (README, "Languages").
        const folder = page.language === SOURCE_LANGUAGE ? outDir : join(outDir, page.language);
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, `${page.path.slice(1)}.html`), html);
      }
      rmSync(templatePath);
    },
  };
}
