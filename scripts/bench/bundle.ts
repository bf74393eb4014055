/**
 * Browser budgets, measured on the built client (`npm run build`). A screen's JavaScript is what the browser
 * downloads to show it: index.html's script and modulepreloads, plus the split chunks of every route on its path
 * (the router loads component, error and not-found parts together) and their static imports, each gzipped.
 * Parts a screen imports later (dialogs, other tabs, the machinery of its selects and menus, charts, the toast region)
 * are listed beside it, not counted. The sign-in
 * pages are drawn at build time (`<path>.html`) and weigh what their own script tags fetch.
 * Run alone: `npx tsx scripts/bench/bundle.ts [distDir]`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BudgetRow, runAlone } from './budget';

const DEFAULT_DIST = fileURLToPath(new URL('../../dist/client', import.meta.url));
const ROUTES_DIR = fileURLToPath(new URL('../../client/routes', import.meta.url));
/** The prerendered sign-in pages' own script, gzipped: they draw without it, and it must never carry the app. */
const SIGN_IN_BUDGET_KB = 15;
/** What every screen of the app may download before it draws (issue 23); the bench and the browser suite fail past it. */
export const SCREEN_BUDGET_KB = 180;
const SIGN_IN_PAGES = ['login', 'teacher-login', 'student-login', 'parent-login', 'forgot-password'];

/** Libraries only some screens use: none may be in the entry or on a sign-in screen. Matched in minified text. */
const HEAVY_LIBRARIES: { name: string; pattern: RegExp }[] = [
  { name: 'chart.js', pattern: /can't acquire context from the given item/ },
  { name: 'the date picker', pattern: /[`'"]date-picker[`'"]\)\.parts\(/ },
  { name: 'calendar dates', pattern: /identifier\s*=\s*[`'"]gregory[`'"]/ },
  { name: 'pdf-lib', pattern: /%PDF-|PDFDocument/ },
  { name: 'zod', pattern: /[`'"]\$ZodType[`'"]/ },
  { name: 'React', pattern: /react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE/ },
];
/** The app's entry in the manifest (client/index.html), and the sign-in pages' (client/sign-in.html). */
const APP_ENTRY = 'index.html';
const SIGN_IN_ENTRY = 'sign-in.html';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface RouteSize {
  /** The address, e.g. /attendance/register. */
  path: string;
  /** What the screen needs to draw: the entry, its routes' chunks and their static imports. */
  initialBytes: number;
  /** Plus what it may load later: its lazy parts and the app's deferred ones. */
  totalBytes: number;
  /** Chunk files it draws with beyond the entry. */
  files: string[];
  /** The split chunks of the routes on its path (its own and its layouts'). */
  ownChunks: string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** `routes/_portal/attendance_.register.tsx` → ['_portal', 'attendance_', 'register'] (a dot nests like a slash). */
function routeSegments(src: string): string[] | null {
  const match = /^routes\/(.+)\.tsx?$/.exec(src.split('?')[0] ?? '');
  return match?.[1] ? match[1].split(/[/.]/) : null;
}

/** The address a route serves: pathless `_layout` segments vanish, `name_` only escapes nesting, `index` is its parent. */
function routePath(segments: string[]): string {
  const parts = segments
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => segment.replace(/_$/, ''));
  return `/${parts.join('/')}`;
}

/** Whether route `id` is nested in `ancestor` (`a_/b` is not nested in `a`; `_portal/x` is in `_portal`). */
function isAncestor(ancestor: string, id: string): boolean {
  const a = ancestor.split('/');
  const segments = id.split('/');
  if (segments.length <= a.length) return false;
  return a.every((segment, i) => segments[i] === segment) && !segments[a.length - 1]?.endsWith('_');
}

function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: build the client with \`npm run build\` (vite.config.ts sets build.manifest).`,
    );
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** Files a page makes the browser fetch at once: its module script and its modulepreloads. */
function htmlEntryFiles(distDir: string, page = 'index.html'): string[] {
  const html = readFileSync(join(distDir, page), 'utf8');
  const files = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && url) files.add(url);
  }
  return [...files];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/**
 * The router leaves a route file's other options (search validation, guards) in the entry. A screen component's
 * module named there drags the whole screen into every download, so each such use is reported.
 */
export function screensKeptInEntry(routesDir: string): string[] {
  const problems: string[] = [];
  for (const path of sourceFiles(routesDir)) {
    const source = readFileSync(path, 'utf8');
    const bindings: { name: string; from: string }[] = [];
    for (const match of source.matchAll(
      /^import\s+\{([^}]*)\}\s+from\s+'([^']*\/features\/[^']*\/components\/[^']*)';/gm,
    )) {
      for (const part of match[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+.*/, '')
          .split(/\s+as\s+/)
          .pop();
        if (name) bindings.push({ name, from: match[2]! });
      }
    }
    if (bindings.length === 0) continue;
    // What stays in the entry: the file without its imports, its component options and the functions they name.
    const components = [...source.matchAll(/^\s*(?:component|errorComponent|notFoundComponent):\s*(\w+),?$/gm)].map(
      (match) => match[1]!,
    );
    let kept = source
      .replace(/^import\s[\s\S]*?;$/gm, '')
      .replace(/^\s*(?:component|errorComponent|notFoundComponent):.*$/gm, '');
    for (const name of components) {
      kept = kept.replace(new RegExp(`^(?:export\\s+)?function\\s+${name}\\b[\\s\\S]*?^\\}$`, 'm'), '');
    }
    for (const { name, from } of bindings) {
      if (new RegExp(`\\b${name}\\b`).test(kept)) {
        problems.push(`${relative(routesDir, path)} uses ${name} from ${from} outside its component`);
      }
    }
  }
  return problems;
}

export async function benchBundles(
  distDir: string = DEFAULT_DIST,
  screenBudgetKb = SCREEN_BUDGET_KB,
): Promise<{ rows: BudgetRow[]; lines: string[] }> {
  const dir = resolve(distDir);
  const manifest = readManifest(dir);
  const textCache = new Map<string, string>();
  const gzCache = new Map<string, number>();
  const text = (file: string) => {
    let value = textCache.get(file);
    if (value === undefined) {
      value = readFileSync(join(dir, file), 'utf8');
      textCache.set(file, value);
    }
    return value;
  };
  const gz = (file: string) => {
    let size = gzCache.get(file);
    if (size === undefined) {
      size = gzipSync(text(file)).length;
      gzCache.set(file, size);
    }
    return size;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gz(file), 0);

  /** JavaScript files reachable from the manifest keys by static imports (and dynamic ones, except `stopAt`). */
  const closure = (keys: string[], withDynamic: boolean, stopAt: Set<string> = new Set()) => {
    const seen = new Set<string>();
    const files = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk?.file.endsWith('.js')) return;
      files.add(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
      if (withDynamic) for (const next of chunk.dynamicImports ?? []) if (!stopAt.has(next)) visit(next);
    };
    for (const key of keys) visit(key);
    return files;
  };

  if (!manifest[APP_ENTRY]?.isEntry) throw new Error(`The manifest has no entry ${APP_ENTRY}`);
  const entryKeys = [APP_ENTRY];
  const entryFiles = closure(entryKeys, false);
  for (const file of htmlEntryFiles(dir)) entryFiles.add(file);
  const entryBytes = sum(entryFiles);

  // Split chunks grouped by route (a file's component, error and not-found parts load together).
  const routeChunks = new Map<string, { segments: string[]; keys: string[] }>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const segments = key.includes('tsr-split') && chunk.src ? routeSegments(chunk.src) : null;
    if (!segments) continue;
    const id = segments.join('/');
    const route = routeChunks.get(id) ?? { segments, keys: [] };
    route.keys.push(key);
    routeChunks.set(id, route);
  }
  if (routeChunks.size === 0) throw new Error('The build has no split route chunks: is autoCodeSplitting on?');
  const routeKeys = new Set([...routeChunks.values()].flatMap((route) => route.keys));
  const ids = [...routeChunks.keys()];

  const routes: RouteSize[] = [];
  for (const [id, route] of routeChunks) {
    if (ids.some((other) => isAncestor(id, other))) continue; // a layout, measured with each screen inside it
    const keys = ids
      .filter((other) => other === id || isAncestor(other, id))
      .flatMap((other) => routeChunks.get(other)!.keys);
    const initial = new Set([...entryFiles, ...closure(keys, false)]);
    const total = new Set([...initial, ...closure([...entryKeys, ...keys], true, routeKeys)]);
    routes.push({
      path: routePath(route.segments),
      initialBytes: sum(initial),
      totalBytes: sum(total),
      files: [...initial].filter((file) => !entryFiles.has(file)),
      ownChunks: keys.map((key) => manifest[key]!.file),
    });
  }
  routes.sort((a, b) => a.path.localeCompare(b.path));

  const lines: string[] = [];
  const deferred = closure(entryKeys, true, routeKeys);
  for (const file of entryFiles) deferred.delete(file);
  lines.push(`Entry (index.html script + ${entryFiles.size - 1} modulepreloads): ${kb(entryBytes)} gzipped`);
  lines.push(`Loaded by the entry after the first paint: ${kb(sum(deferred))} (${deferred.size} chunks)`);
  const width = Math.max(...routes.map((route) => route.path.length), 'Screen'.length);
  lines.push(`${'Screen'.padEnd(width)}  ${'to draw'.padStart(9)}  ${'with later parts'.padStart(16)}`);
  for (const route of routes) {
    lines.push(
      `${route.path.padEnd(width)}  ${kb(route.initialBytes).padStart(9)}  ${kb(route.totalBytes).padStart(16)}`,
    );
  }

  // The sign-in pages: what each one's script tags fetch, and the page itself.
  const signInPages = SIGN_IN_PAGES.map((page) => {
    // Its script tag, and the modules that script imports before it runs.
    const files = [...new Set([...htmlEntryFiles(dir, `${page}.html`), ...closure([SIGN_IN_ENTRY], false)])];
    return {
      page: `/${page}`,
      files,
      bytes: sum(files),
      html: gzipSync(readFileSync(join(dir, `${page}.html`))).length,
    };
  });
  for (const page of signInPages) {
    lines.push(`Sign-in page ${page.page}: ${kb(page.bytes)} of script, the page itself ${kb(page.html)}, gzipped`);
  }
  const heaviestSignIn = signInPages.reduce((max, page) => (page.bytes > max.bytes ? page : max));
  const largest = routes.reduce((max, route) => (route.initialBytes > max.initialBytes ? route : max));
  const overBudget = routes.filter((route) => route.initialBytes > screenBudgetKb * 1024);

  // Split check: no screen in the entry; a sign-in page loads neither the app's code nor a heavy library.
  const problems: string[] = [];
  const screenFiles = new Set([...routeKeys].map((key) => manifest[key]!.file));
  for (const file of entryFiles) if (screenFiles.has(file)) problems.push(`the entry loads the screen chunk ${file}`);
  problems.push(...screensKeptInEntry(ROUTES_DIR).map((problem) => `the entry keeps a screen: ${problem}`));
  for (const page of signInPages) {
    for (const library of HEAVY_LIBRARIES) {
      const holder = page.files.find((file) => library.pattern.test(text(file)));
      if (holder) problems.push(`${page.page} loads ${library.name} (${holder})`);
    }
  }
  for (const problem of problems) lines.push(`  split: ${problem}`);

  const rows: BudgetRow[] = [
    {
      name: `Sign-in page script (${heaviestSignIn.page}, gzipped)`,
      measured: kb(heaviestSignIn.bytes),
      budget: `≤ ${SIGN_IN_BUDGET_KB} KB`,
      pass: heaviestSignIn.bytes <= SIGN_IN_BUDGET_KB * 1024,
    },
    {
      name: `Largest screen JS (${largest.path}, gzipped)`,
      measured: kb(largest.initialBytes),
      budget: `≤ ${screenBudgetKb} KB`,
      pass: largest.initialBytes <= screenBudgetKb * 1024,
    },
    {
      name: `Screens over ${screenBudgetKb} KB of JS`,
      measured: overBudget.length === 0 ? 'none' : overBudget.map((route) => route.path).join(', '),
      budget: 'none',
      pass: overBudget.length === 0,
    },
    {
      name: 'Routes split (no screen in the entry, sign-in pages load neither the app nor a heavy library)',
      measured: problems.length === 0 ? 'yes' : `${problems.length} problem(s)`,
      budget: 'yes',
      pass: problems.length === 0,
    },
  ];
  return { rows, lines };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runAlone(benchBundles(process.argv[2]));
}
