// The judge's score sheet in three files beside the entry instead of twenty-two (issue 41: the
// offline cold start; decision 0193). Left to the bundler, the sheet's code splits by which other
// pages share each module: a badge, a table, a date format, a schema... each one more fetch
// through the service worker before the first criteria row. So:
// - the judge's chunk: the judge's area (src/judge, src/offline, Dexie) and what no page outside
//   it needs; filed under assets/judge/ (chunk-areas.ts);
// - `-public`: the sheet's modules a visitor's page needs as well (Mantine parts, formats);
// - `-shared`: those only coordinators' screens and on-demand validators need as well.
// Neither shared chunk holds judge code. The entry's own modules stay in the entry (the app-shell
// group goes first). A package index (`@mantine/core`, `@judging/shared-types`) counts as the
// modules of the names taken from it, as the bundler keeps only those: reaching the whole index
// would put most of Mantine and every schema in the sheet's files.

/** What the grouping reads of one module of the build's graph. */
export interface GraphModule {
  id: string;
  isEntry: boolean;
  /** The module's code once transformed (its import and export statements). */
  code: string | null;
  importedIds: readonly string[];
  dynamicImporters: readonly string[];
  exports: readonly string[];
  /** Each specifier of its code's statements, resolved to a module id. */
  resolved: ReadonlyMap<string, string>;
}

export interface FirstScreenGroups {
  /** The modules of the area's chunk, of the chunk shared with the visitors' pages, and of the one shared with other pages. */
  area: ReadonlySet<string>;
  visitors: ReadonlySet<string>;
  shared: ReadonlySet<string>;
}

interface Statement {
  specifier: string;
  /** `import { a, b as c }`: a and b; undefined for any statement needing the whole module. */
  named?: { imported: string; local: string }[];
  /** `export { a as b } from` and `export * from`: names this module passes on. */
  reExports?: { imported: string; exported: string }[] | 'all';
}

const STATEMENT =
  /\b(import|export)\s*(type\s+)?([\w$]+\s*,\s*)?(\*\s*(?:as\s+[\w$]+\s*)?|\{[^}]*\}\s*)?(?:from\s*)?["']([^"']+)["']/g;

function pairs(list: string): { from: string; to: string }[] {
  return list
    .replace(/[{}]/g, '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [from = '', to = from] = part.split(/\s+as\s+/).map((name) => name.trim());
      return { from, to };
    });
}

/**
 * `import * as shared` read only as `shared.name`: the names read; undefined when the namespace
 * itself is used (passed on, spread), which needs the whole module.
 */
function membersRead(code: string, namespace: string): { imported: string; local: string }[] | undefined {
  const escaped = namespace.replace(/\$/g, '\\$');
  const uses = [...code.matchAll(new RegExp(`(?<![\\w$.\\/@-])${escaped}(?![\\w$/-])(\\s*\\.\\s*([\\w$]+))?`, 'g'))];
  // The import statement's own mention of the name is the one use without a member.
  if (uses.filter((use) => use[2] === undefined).length > 1) return undefined;
  const names = new Set(uses.flatMap((use) => (use[2] === undefined ? [] : [use[2]])));
  return [...names].map((name) => ({ imported: name, local: `${namespace}.${name}` }));
}

/** The import and re-export statements of `code`, in order. */
export function statementsOf(code: string): Statement[] {
  const statements: Statement[] = [];
  for (const [, keyword, typeOnly, defaultName, clause = '', specifier = ''] of code.matchAll(STATEMENT)) {
    if (typeOnly) continue;
    const braces = clause.trim().startsWith('{');
    if (keyword === 'import') {
      const namespace = /^\*\s*as\s+([\w$]+)/.exec(clause.trim())?.[1];
      const named =
        namespace && !defaultName
          ? membersRead(code, namespace)
          : braces && !defaultName
            ? pairs(clause).map(({ from, to }) => ({ imported: from, local: to }))
            : undefined;
      statements.push({ specifier, named });
    } else if (clause.trim().startsWith('*')) {
      statements.push({ specifier, reExports: /\bas\b/.test(clause) ? undefined : 'all' });
    } else if (braces) {
      statements.push({
        specifier,
        reExports: pairs(clause).map(({ from, to }) => ({ imported: from, exported: to })),
      });
    }
  }
  return statements;
}

class ModuleGraph {
  private readonly modules = new Map<string, GraphModule>();
  private readonly statements = new Map<string, Statement[]>();

  constructor(modules: Iterable<GraphModule>) {
    for (const module of modules) this.modules.set(module.id, module);
  }

  get(id: string): GraphModule | undefined {
    return this.modules.get(id);
  }

  all(): GraphModule[] {
    return [...this.modules.values()];
  }

  private statementsOf(module: GraphModule): Statement[] {
    let statements = this.statements.get(module.id);
    if (!statements) this.statements.set(module.id, (statements = module.code ? statementsOf(module.code) : []));
    return statements;
  }

  /** The module that defines what `id` exports as `name` (through re-exports); `id` when unsure. */
  provider(id: string, name: string, depth = 0): string {
    const module = this.modules.get(id);
    if (!module || depth > 8) return id;
    for (const statement of this.statementsOf(module)) {
      const target = module.resolved.get(statement.specifier);
      if (target === undefined) continue;
      // Mantine's index: `import { Table } from "./components/Table/Table.mjs"`, then `export { Table }`.
      const imported = statement.named?.find((binding) => binding.local === name);
      if (imported && this.isIndex(module)) return this.provider(target, imported.imported, depth + 1);
      if (statement.reExports === 'all' && this.exportsName(target, name, depth + 1))
        return this.provider(target, name, depth + 1);
      if (Array.isArray(statement.reExports)) {
        const passed = statement.reExports.find((binding) => binding.exported === name);
        if (passed) return this.provider(target, passed.imported, depth + 1);
      }
    }
    return id;
  }

  /** Whether `id` exports `name`, itself or through its `export *` statements (an index of indexes). */
  private exportsName(id: string, name: string, depth: number): boolean {
    const module = this.modules.get(id);
    if (!module || depth > 8) return false;
    if (module.exports.includes(name)) return true;
    return this.statementsOf(module).some((statement) => {
      const target = module.resolved.get(statement.specifier);
      return statement.reExports === 'all' && target !== undefined && this.exportsName(target, name, depth + 1);
    });
  }

  /** A module made of import and export statements only, exporting something: a package's index. */
  private isIndex(module: GraphModule): boolean {
    const lines = (module.code ?? '').split('\n').filter((line) => line.trim() !== '');
    return (
      lines.some((line) => /^\s*export\s*(\{|\*)/.test(line)) &&
      lines.every((line) => /^\s*(import|export)\s*(\{|\*)/.test(line))
    );
  }

  /** What `id`'s code needs: each import, an index's named imports as the modules defining them. */
  needs(id: string): string[] {
    const module = this.modules.get(id);
    if (!module) return [];
    const statements = this.statementsOf(module);
    const needed: string[] = [];
    for (const imported of module.importedIds) {
      const using = statements.filter((statement) => module.resolved.get(statement.specifier) === imported);
      const namedOnly = using.length > 0 && using.every((statement) => statement.named !== undefined);
      if (!namedOnly || this.isIndex(module)) {
        needed.push(imported);
        continue;
      }
      for (const statement of using)
        for (const binding of statement.named ?? []) needed.push(this.provider(imported, binding.imported));
    }
    return needed;
  }

  /** The modules `roots` need, themselves included. */
  closure(roots: Iterable<string>): Set<string> {
    const reached = new Set<string>();
    const pending = [...roots];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (reached.has(id)) continue;
      reached.add(id);
      for (const needed of this.needs(id)) if (!reached.has(needed)) pending.push(needed);
    }
    return reached;
  }
}

/**
 * Splits the code the page `isScreen` matches needs (less the entry's) in three: what the
 * visitors' pages (`isVisitorPage` roots) need as well; what other pages outside the area
 * (`isAreaCode` false for their root: coordinators' screens, validators loaded on demand) need as
 * well; the rest, and any module of the area itself, is the area's.
 */
export function firstScreenGroups(
  modules: Iterable<GraphModule>,
  isScreen: (id: string) => boolean,
  isAreaCode: (id: string) => boolean,
  isVisitorPage: (id: string) => boolean = () => false,
): FirstScreenGroups {
  const graph = new ModuleGraph(modules);
  const loadedLater = graph.all().filter((module) => !module.isEntry && module.dynamicImporters.length > 0);
  const neededBy = (isRoot: (id: string) => boolean) =>
    graph.closure(loadedLater.filter((module) => isRoot(module.id)).map((module) => module.id));
  const initial = graph.closure(
    graph
      .all()
      .filter((module) => module.isEntry)
      .map((module) => module.id),
  );
  const screen = neededBy(isScreen);
  const neededOutsideArea = neededBy((id) => !isAreaCode(id));
  const neededByVisitors = neededBy((id) => !isAreaCode(id) && isVisitorPage(id));
  const area = new Set<string>();
  const visitors = new Set<string>();
  const shared = new Set<string>();
  for (const id of screen) {
    if (initial.has(id)) continue;
    if (isAreaCode(id) || !neededOutsideArea.has(id)) area.add(id);
    else if (neededByVisitors.has(id)) visitors.add(id);
    else shared.add(id);
  }
  return { area, visitors, shared };
}

interface BuiltChunk {
  type: 'chunk';
  name: string;
  fileName: string;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/**
 * The build fails where a chunk outside the area imports the area's chunk (the guess of what
 * other pages need went wrong): a visitor's page would download the judge's code.
 */
export function areaChunkImportedOutside(
  chunks: readonly BuiltChunk[],
  name: string,
  isAreaCode: (id: string) => boolean,
): string[] {
  const areaFiles = new Set(chunks.filter((chunk) => chunk.name === name).map((chunk) => chunk.fileName));
  return chunks
    .filter((chunk) => chunk.imports.some((file) => areaFiles.has(file)) && !chunk.moduleIds.some(isAreaCode))
    .map((chunk) => chunk.fileName);
}

interface BuildContext {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): Omit<GraphModule, 'id' | 'resolved'> | null;
  resolve(source: string, importer: string): Promise<{ id: string } | null>;
}

/** The specifiers of `code`'s statements, resolved as the build resolved them. */
async function resolveStatements(context: BuildContext, id: string, code: string | null) {
  const resolved = new Map<string, string>();
  for (const { specifier } of code ? statementsOf(code) : []) {
    if (resolved.has(specifier)) continue;
    const target = await context.resolve(specifier, id).catch(() => null);
    if (target) resolved.set(specifier, target.id);
  }
  return resolved;
}

/**
 * A plugin reading the module graph once the build has it, and the three `codeSplitting` groups
 * it sorts the screen's modules into: `name`-public, `name`-shared and `name`.
 */
export function firstScreenChunks(options: {
  name: string;
  isScreen: (id: string) => boolean;
  isAreaCode: (id: string) => boolean;
  isVisitorPage: (id: string) => boolean;
}) {
  let groups: FirstScreenGroups = { area: new Set(), visitors: new Set(), shared: new Set() };
  const plugin = {
    name: 'first-screen-chunks',
    apply: 'build' as const,
    async buildEnd(this: BuildContext) {
      const modules: GraphModule[] = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        const { isEntry, code, importedIds, dynamicImporters, exports } = info;
        const resolved = await resolveStatements(this, id, code);
        modules.push({ id, isEntry, code, importedIds, dynamicImporters, exports, resolved });
      }
      groups = firstScreenGroups(modules, options.isScreen, options.isAreaCode, options.isVisitorPage);
    },
    generateBundle(
      this: { error(message: string): never },
      _output: unknown,
      bundle: Record<string, { type: string }>,
    ) {
      const chunks = Object.values(bundle).filter((file): file is BuiltChunk => file.type === 'chunk');
      const outside = areaChunkImportedOutside(chunks, options.name, options.isAreaCode);
      if (outside.length > 0) this.error(`${options.name}: imported by chunks outside its area: ${outside.join(', ')}`);
    },
  };
  // The widest shared first: a group takes its modules' imports along with them.
  const chunkGroups = [
    { name: `${options.name}-public`, priority: 3, test: (id: string) => groups.visitors.has(id) },
    { name: `${options.name}-shared`, priority: 2, test: (id: string) => groups.shared.has(id) },
    { name: options.name, priority: 1, test: (id: string) => groups.area.has(id) },
  ];
  return {
    plugin,
    groups: chunkGroups,
    /** The names of the screen's three chunks. */
    names: chunkGroups.map((group) => group.name),
  };
}
