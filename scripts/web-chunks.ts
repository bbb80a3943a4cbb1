/**
 * Chunks by what loads together (docs/decisions/066), for Rolldown's `codeSplitting.groups`.
 *
 * Rolldown's automatic splitting makes one chunk for each set of lazy modules (screens, menus, inputs,
 * schema modules: some sixty) that share code; most sets differ, so the home page fetched ~60 small
 * files. Here only the *load units* that the pages people land on are made of count: their screens,
 * and what they load once painted (the lazy inputs, the response schemas, the toasts, the signed-in
 * header's menus). A module goes in the chunk of the units that need it, so each unit loads its own
 * code in a few files; other screens (management) load those chunks when they use one of their
 * modules, and what no unit needs is left to the automatic splitting.
 *
 * Which modules a unit needs is read from a first build with one chunk per module, whose imports are
 * those between modules after tree-shaking (an import through a package's index, e.g.
 * `import { Badge } from '@mantine/core'`, counts as the modules it uses); then the real build groups
 * them (`loadUnitChunks`, used by vite.config.ts).
 */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';

/** A module of the first build (one chunk per module), with the modules it imports. */
export interface BuiltModule {
  id: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
  /** Length of its (unminified) code: to tell small groups. */
  size: number;
}

/** Code that loads together. */
export interface LoadUnit {
  name: string;
  /**
   * A screen (a lazy route): its module stays the facade of a chunk of its own, by which the manifest,
   * the route preloads and bench:web find it. Otherwise the unit's roots are the modules `has`
   * matches that the entry or a screen imports lazily, and they go in the unit's group.
   */
  screen: boolean;
  /**
   * Its chunks hold exactly the code it needs with the same units (the public screens of the
   * JavaScript budget, and what they load when idle). A unit that is not exact (the booking page, the
   * signed-in menus) loads the chunks of exact units whole, and has a chunk of its own for the rest.
   */
  exact: boolean;
  has(id: string): boolean;
}

const WEB = path.resolve(import.meta.dirname, '../web');
const oneOf = (...relative: string[]) => {
  const ids = new Set(relative.map((file) => path.join(WEB, file)));
  return (id: string) => ids.has(id);
};

export const LOAD_UNITS: LoadUnit[] = [
  { name: 'home', screen: true, exact: true, has: oneOf('routes/home.tsx') },
  { name: 'properties', screen: true, exact: true, has: oneOf('routes/properties.tsx') },
  { name: 'listing', screen: true, exact: true, has: oneOf('routes/property-details.tsx') },
  { name: 'login', screen: true, exact: true, has: oneOf('routes/login.tsx') },
  { name: 'register', screen: true, exact: true, has: oneOf('routes/register.tsx') },
  { name: 'booking', screen: true, exact: false, has: oneOf('routes/reservation-booking.tsx') },
  // The search forms' inputs, swapped in when the browser is idle (web/components/lazy-inputs.tsx), and
  // the availability calendars' date picker, loaded when a calendar mounts (docs/decisions/073).
  {
    name: 'inputs',
    screen: false,
    exact: true,
    has: oneOf(
      'components/lazy/select.ts',
      'components/lazy/autocomplete.ts',
      'components/lazy/number-input.ts',
      'components/lazy/date-picker-input.ts',
      'components/lazy/date-picker.ts',
    ),
  },
  // A listing's availability calendar, loaded once the listing page has painted.
  { name: 'calendar', screen: false, exact: false, has: oneOf('routes/listing-calendar.tsx') },
  // Response and form schemas (zod), loaded with a page's first request (web/lib/api.ts lazySchema).
  {
    name: 'schemas',
    screen: false,
    exact: true,
    has: (id) => id.startsWith(path.join(WEB, '../domain/schemas/')),
  },
  { name: 'toasts', screen: false, exact: true, has: oneOf('app/notifications.lazy.tsx') },
  // The signed-in header's menus and bell (web/app/shell.tsx).
  {
    name: 'account',
    screen: false,
    exact: false,
    has: oneOf('app/user-menu.tsx', 'app/nav-menu.tsx', 'app/notification-bell.tsx'),
  },
];

/**
 * A group smaller than this (unminified bytes, about 2 kB compressed) joins a larger one whose units
 * include all of its own.
 */
const SMALL_GROUP = 8000;

/** The module index.html loads. */
const ENTRY_MODULE = path.join(WEB, 'main.tsx');

/** The group of what every public screen needs: a chunk they all load beside the entry. */
export const ENTRY_GROUP = 'app';

function closure(modules: Map<string, BuiltModule>, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(modules.get(id)?.imports ?? []));
  }
  return seen;
}

/**
 * The group of each module a unit needs, from the first build: module id → chunk name. A screen's
 * own module and the modules no unit needs are not in the map.
 */
export function loadUnitGroups(
  built: readonly BuiltModule[],
  units = LOAD_UNITS,
  entry = ENTRY_MODULE,
): Map<string, string> {
  const modules = new Map(built.map((module) => [module.id, module]));
  if (!modules.has(entry)) throw new Error(`The first build has no ${entry}`);
  const initial = closure(modules, [entry]);
  const screenUnits = units.filter((unit) => unit.screen);
  const screenRoots = new Set(
    built.filter((module) => screenUnits.some((unit) => unit.has(module.id))).map((module) => module.id),
  );
  // What the entry and the screens load lazily: the other units' roots are among these.
  const lazy = new Set(
    [...closure(modules, [entry, ...screenRoots])].flatMap((id) => modules.get(id)?.dynamicImports ?? []),
  );

  // The units that load each module beyond the entry.
  const unitsOf = new Map<string, LoadUnit[]>();
  for (const unit of units) {
    const roots = [...(unit.screen ? screenRoots : lazy)].filter((id) => unit.has(id));
    if (roots.length === 0) throw new Error(`Load unit ${unit.name}: no such module in the build (moved?)`);
    for (const id of closure(modules, roots)) {
      if (!initial.has(id)) unitsOf.set(id, [...(unitsOf.get(id) ?? []), unit]);
    }
  }

  // Each module by the exact units that load it (the others, only when no exact unit does).
  const groupOf = new Map<string, string>();
  for (const [id, loaders] of unitsOf) {
    const exact = loaders.filter((unit) => unit.exact);
    groupOf.set(id, (exact.length > 0 ? exact : loaders).map((unit) => unit.name).join('-'));
  }

  // Then fewer files: a small group joins the smallest group whose units include all of its own (they
  // load a few kB more, later units' code only when they load), unless chunks would then import each
  // other in a cycle (a module could run before one it needs). What every public screen needs is one
  // chunk. A screen's own module stays out of the groups (see LoadUnit.screen).
  const sizes = new Map<string, number>();
  for (const [id, group] of groupOf) sizes.set(group, (sizes.get(group) ?? 0) + (modules.get(id)?.size ?? 0));
  const publicScreens = units.filter((unit) => unit.screen && unit.exact).map((unit) => unit.name);
  const merged = new Map<string, string>();
  const resolve = (group: string): string => {
    const into = merged.get(group);
    return into ? resolve(into) : group;
  };
  const named = [...groupOf].filter(([id]) => !screenRoots.has(id));
  const acyclic = () => {
    const edges = new Map<string, Set<string>>();
    for (const [id, group] of named) {
      for (const imported of modules.get(id)?.imports ?? []) {
        const to = groupOf.get(imported);
        const from = resolve(group);
        if (to && resolve(to) !== from) edges.set(from, (edges.get(from) ?? new Set()).add(resolve(to)));
      }
    }
    return cyclesIn(edges).length === 0;
  };
  const bySize = [...sizes].sort((a, b) => a[1] - b[1]);
  for (const [group] of bySize) {
    if (publicScreens.every((name) => group.split('-').includes(name))) merged.set(group, ENTRY_GROUP);
  }
  for (const [group, size] of bySize) {
    if (size >= SMALL_GROUP || merged.has(group)) continue;
    const members = group.split('-');
    const larger = bySize
      .map(([other]) => other)
      .filter((other) => other !== group && members.every((name) => other.split('-').includes(name)))
      .sort((a, b) => a.split('-').length - b.split('-').length || (sizes.get(a) ?? 0) - (sizes.get(b) ?? 0));
    for (const into of larger) {
      merged.set(group, into);
      if (acyclic()) break;
      merged.delete(group);
    }
  }
  return new Map(named.map(([id, group]) => [id, resolve(group)]));
}

/** The cycles of a directed graph (each as "a -> b -> a"), or none. */
export function cyclesIn(edges: ReadonlyMap<string, Iterable<string>>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (node: string, path: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      cycles.push([...path.slice(path.indexOf(node)), node].join(' -> '));
      return;
    }
    state.set(node, 'open');
    for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of edges.keys()) visit(node, []);
  return cycles;
}

/**
 * For vite.config.ts: a plugin that, as a build starts, makes a first build of the app with one chunk
 * per module (the imports between chunks are then those between modules after tree-shaking: an import
 * through a package's index counts as the modules it uses) and works out the groups; and `groupOf`,
 * the `codeSplitting.groups` name function of the real build. The plugin also fails a build whose
 * chunks import each other in a cycle (a module could then run before one it needs).
 */
export function loadUnitChunks(): { plugin: Plugin; groupOf: (id: string) => string | null } {
  const groups = new Map<string, string>();
  let mode = 'production';
  const plugin: Plugin = {
    name: 'rentza:load-units',
    apply: 'build',
    configResolved(config) {
      mode = config.mode;
    },
    async buildStart() {
      const output = await build({
        configFile: false,
        root: WEB,
        mode,
        logLevel: 'silent',
        plugins: [react()],
        build: {
          write: false,
          minify: false,
          reportCompressedSize: false,
          modulePreload: false,
          rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { preserveModules: true } },
        },
      });
      const [first] = Array.isArray(output) ? output : [output];
      if (!first || !('output' in first))
        throw new Error('The first build (one chunk per module) gave no output');
      const chunks = first.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const idOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.moduleIds[0] ?? chunk.fileName]));
      const ids = (files: string[]) => files.map((file) => idOf.get(file) ?? file);
      const modules = chunks.map((chunk) => ({
        id: chunk.moduleIds[0] ?? chunk.fileName,
        imports: ids(chunk.imports),
        dynamicImports: ids(chunk.dynamicImports),
        size: chunk.code.length,
      }));
      groups.clear();
      for (const [id, group] of loadUnitGroups(modules)) groups.set(id, group);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const cycles = cyclesIn(new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports])));
      if (cycles.length > 0) this.error(`Chunks import each other in a cycle: ${cycles.join('; ')}`);
    },
  };
  return { plugin, groupOf: (id) => groups.get(id) ?? null };
}
