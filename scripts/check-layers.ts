/**
 * `npm run lint` runs this after Biome: the layers of the code, which Biome's import rules cannot express per folder.
 * - `worker/db` imports neither `worker/lib` nor a module; `worker/lib` imports no module.
 * - A Worker module imports `lib`, `db`, and of another module only its `index.ts` (the operations it offers) and
 *   its declarations (`schemas.ts`, `answers.ts`, which the client reads too): never its service, routes or helpers.
 * - A client feature imports another feature only through its `index.ts`.
 * Exits 1 and names each import that breaks a layer.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const IMPORT = /(?:import|export)\s(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
  });
}

/** The repository path an import names (without extension), or null for a package. */
function target(from: string, specifier: string): string | null {
  if (specifier.startsWith('~/')) return join('client', specifier.slice(2));
  if (!specifier.startsWith('.')) return null;
  return relative(root, resolve(dirname(join(root, from)), specifier))
    .split(sep)
    .join('/');
}

/** `[area, name, rest]` of a path under `base` (`worker/modules`, `client/features`), or null outside it. */
function unit(path: string, base: string): { name: string; rest: string } | null {
  if (!path.startsWith(`${base}/`)) return null;
  const [name, ...rest] = path.slice(base.length + 1).split('/');
  return { name, rest: rest.join('/') };
}

const isIndex = (rest: string) => rest === '' || rest === 'index' || rest === 'index.ts' || rest === 'index.tsx';
const isDeclaration = (rest: string) => /^(schemas|answers)(\.ts)?$/.test(rest);

/** Why importing `to` from `from` breaks a layer, or null. */
export function layerProblem(from: string, to: string): string | null {
  if (from.startsWith('worker/db/') && (to.startsWith('worker/lib/') || to.startsWith('worker/modules/'))) {
    return 'worker/db is the lowest layer: it imports neither lib nor a module';
  }
  if (from.startsWith('worker/lib/') && to.startsWith('worker/modules/')) {
    return 'worker/lib is below the modules: move what both need into lib or db';
  }
  for (const base of ['worker/modules', 'client/features']) {
    const mine = unit(from, base);
    const theirs = unit(to, base);
    if (!mine || !theirs || mine.name === theirs.name || isIndex(theirs.rest)) continue;
    if (base === 'worker/modules' && isDeclaration(theirs.rest)) continue;
    return base === 'worker/modules'
      ? `${base}/${mine.name} may use ${base}/${theirs.name} only through its index.ts, schemas.ts and answers.ts`
      : `${base}/${mine.name} may use ${base}/${theirs.name} only through its index.ts`;
  }
  return null;
}

export function layerProblems(): string[] {
  const found: string[] = [];
  const sources = [...files(join(root, 'worker')), ...files(join(root, 'client'))].map((p) =>
    relative(root, p).split(sep).join('/'),
  );
  for (const from of sources) {
    const text = readFileSync(join(root, from), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const to = target(from, match[1] ?? match[2]);
      const problem = to && layerProblem(from, to);
      if (problem) found.push(`${from}: imports ${match[1] ?? match[2]}: ${problem}`);
    }
  }
  return found;
}

if (process.argv[1]?.endsWith('check-layers.ts')) {
  const problems = layerProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${problems.length} import(s) break the layers (scripts/check-layers.ts).`);
    process.exit(1);
  }
  console.log('Layers hold.');
}
