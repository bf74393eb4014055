import { build, type InlineConfig, type Plugin, type Rolldown } from 'vite';

/** A route file's split parts (`routes/x.tsx?tsr-split=component`): each is loaded when its screen opens. */
const SPLIT = /\/routes\/([^?]+)\.tsx?\?tsr-split=/;
/** The office layout: every office screen draws inside it. */
const OFFICE_LAYOUT = '_portal';

export interface ChunkGroups {
  plugin: Plugin;
  /** For `output.codeSplitting.groups[].name`: the chunk a module joins, or null to leave it where Rolldown puts it. */
  name: (id: string) => string | null;
}

/**
 * Fewer, larger files for what a screen downloads before it draws. Left alone, Rolldown gives every distinct set of
 * importers its own chunk: an office screen fetched some 80 files, many of a few hundred bytes, each gzipped apart
 * (the same code gzips 5–30 % smaller in one file). A first pass bundles the app without these groups (nothing
 * written) to learn what each entry and each screen loads at once; then
 * - what the app's entry (index.html) loads at once joins `app`;
 * - what the office layout loads at once, or every office screen does, joins `office`, or `screens` when a screen
 *   outside the office (family, teacher, the app's sign-in routes) loads it at once too.
 * What the sign-in pages' script loads with it joins `signed-out`, so that script never grows and comes in two files;
 * what is loaded
 * later (dialogs, other tabs, Ark machinery, charts, catalogues) keeps its own chunks. The import graph alone cannot
 * tell what loads at once: a barrel names every module of its package, used or not.
 */
export function chunkGroups(firstPass: () => InlineConfig): ChunkGroups {
  const placed = new Map<string, string>();
  const plugin: Plugin = {
    name: 'chunk-groups',
    apply: 'build',
    async buildStart() {
      placed.clear();
      const result = await build({ ...firstPass(), configFile: false, logLevel: 'warn' });
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
      const chunks = outputs.flatMap((output) => output.output.filter((file) => file.type === 'chunk'));
      for (const [id, group] of placeModules(chunks)) placed.set(id, group);
    },
  };
  return { plugin, name: (id) => placed.get(id) ?? null };
}

/** Which group each module joins, from a bundle made without groups. */
function placeModules(chunks: Rolldown.OutputChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  /** The modules a chunk brings at once: its own and those of the chunks it imports statically. */
  const initial = (roots: Rolldown.OutputChunk[]) => {
    const modules = new Set<string>();
    const seen = new Set<string>();
    const stack = roots.map((chunk) => chunk.fileName);
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const chunk = byFile.get(file);
      if (!chunk) continue;
      for (const id of chunk.moduleIds) modules.add(id);
      stack.push(...chunk.imports);
    }
    return modules;
  };
  const entry = (page: string) => chunks.filter((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(page));
  const signInEntry = entry('/sign-in.html');
  const signIn = initial(signInEntry);
  const signInOwn = new Set(signInEntry.flatMap((chunk) => chunk.moduleIds));
  const app = initial(entry('/index.html'));

  // Each route's split parts load together when its screen opens.
  const routes = new Map<string, Rolldown.OutputChunk[]>();
  for (const chunk of chunks) {
    const route = chunk.facadeModuleId ? SPLIT.exec(chunk.facadeModuleId)?.[1] : undefined;
    if (route) routes.set(route, [...(routes.get(route) ?? []), chunk]);
  }
  const screens = [...routes].map(([route, roots]) => ({ route, modules: initial(roots) }));
  const isOffice = (route: string) => route === OFFICE_LAYOUT || route.startsWith(`${OFFICE_LAYOUT}/`);
  const officeScreens = screens.filter(({ route }) => route.startsWith(`${OFFICE_LAYOUT}/`));
  const layout = screens.find(({ route }) => route === OFFICE_LAYOUT)?.modules ?? new Set<string>();
  const elsewhere = new Set(screens.filter(({ route }) => !isOffice(route)).flatMap(({ modules }) => [...modules]));

  const placed = new Map<string, string>();
  // What the sign-in pages' script shares with the rest comes in one file beside it, not in one file per set of
  // importers (seven files of 0.2–5 KB in two rounds of requests, which a slow phone link pays for each).
  for (const id of signIn) if (!signInOwn.has(id)) placed.set(id, 'signed-out');
  for (const id of app) if (!signIn.has(id)) placed.set(id, 'app');
  const everyOfficeScreen = [...(officeScreens[0]?.modules ?? [])].filter((id) =>
    officeScreens.every(({ modules }) => modules.has(id)),
  );
  for (const id of [...layout, ...everyOfficeScreen]) {
    if (!placed.has(id) && !signIn.has(id) && !SPLIT.test(id)) placed.set(id, elsewhere.has(id) ? 'screens' : 'office');
  }
  return placed;
}
