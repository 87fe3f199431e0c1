// The shared schemas reach the browser as data, not as TypeBox builder calls. packages/shared-types
// builds its schemas with TypeBox's `Type` when a module loads; in the app's build that put the
// builder (and every schema's construction) into the first load. Here, in the app's build only,
// each shared-types module is loaded in Node, and every exported constant whose value is a schema
// (or a record of schemas) is written into the module as the JSON Schema literal it evaluates to;
// the builder calls that remain are marked pure, so the bundler drops those nothing uses. The
// sources stay the one definition: the literals are generated from them on every build, and the
// server and the unit tests run the sources as written. A value holding a function (a refinement)
// cannot be written out and keeps its builder call.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAst, type Plugin } from 'vite';

const SHARED_TYPES_SOURCE = /\/packages\/shared-types\/src\/.*\.ts$/;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** True for a TypeBox-built schema: TypeBox marks each with a non-enumerable `~kind`. */
function isTypeboxSchema(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, '~kind');
}

/**
 * A value made only of plain data (no function, no class instance) that holds at least one
 * schema. What the module can refer to by name (`referable`, see `literalOf`) counts as data:
 * it is written as that name (a refined schema imported whole, say).
 */
export function isSchemaData(
  value: unknown,
  referable?: ReadonlyMap<unknown, string>,
  { mustHoldSchema = true } = {},
): boolean {
  let holdsSchema = false;
  const seen = new Set<unknown>();
  const walk = (node: unknown): boolean => {
    if (node === null || ['string', 'number', 'boolean'].includes(typeof node)) return true;
    if (typeof node !== 'object') return false;
    if (seen.has(node)) return true;
    seen.add(node);
    if (isTypeboxSchema(node)) holdsSchema = true;
    if (node !== value && referable?.has(node)) return true;
    if (Object.getOwnPropertySymbols(node).length > 0) return false;
    const prototype = Object.getPrototypeOf(node);
    if (!Array.isArray(node) && prototype !== Object.prototype && prototype !== null) return false;
    // Every member, the non-enumerable ones too: a refinement (`~refine`) holds functions.
    return Object.getOwnPropertyNames(node).every(
      (key) => (Array.isArray(node) && key === 'length') || walk((node as Record<string, unknown>)[key]),
    );
  };
  return walk(value) && (holdsSchema || !mustHoldSchema);
}

/**
 * The value as a JavaScript literal. `names` maps objects the module can already refer to (its
 * imports, its earlier exports) to their names: written as a reference, so a shared schema stays
 * one object (the compiled checks are found by identity) and is not repeated.
 */
export function literalOf(
  value: unknown,
  names: ReadonlyMap<unknown, string>,
  isRoot = true,
  referred?: Set<string>,
): string {
  if (!isRoot && names.has(value)) {
    referred?.add(names.get(value)!);
    return names.get(value)!;
  }
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => literalOf(item, names, false, referred)).join(',')}]`;
  const members = Object.entries(value)
    .filter(([, member]) => member !== undefined)
    .map(([key, member]) => `${JSON.stringify(key)}:${literalOf(member, names, false, referred)}`);
  return `{${members.join(',')}}`;
}

/**
 * An exported `Type.Refine(schema, …)` whose schema is plain data: the call's first argument and
 * that data (the refined schema's own members; the refinement itself is not enumerable).
 */
function refinedSchemaData(
  value: unknown,
  init: AstNode,
  builderLocals: ReadonlySet<string>,
): { argument: AstNode; callee: AstNode; data: Record<string, unknown> } | undefined {
  if (typeof value !== 'object' || value === null || !Object.prototype.hasOwnProperty.call(value, '~refine')) {
    return undefined;
  }
  if (init.type !== 'CallExpression') return undefined;
  const callee = init.callee as AstNode;
  const object = callee.object as (AstNode & { name?: string }) | undefined;
  const property = callee.property as { name?: string } | undefined;
  const isRefineCall =
    callee.type === 'MemberExpression' &&
    object?.type === 'Identifier' &&
    builderLocals.has(object.name ?? '') &&
    property?.name === 'Refine';
  const argument = (init.arguments as AstNode[])[0];
  if (!isRefineCall || !argument) return undefined;
  const data = { ...value } as Record<string, unknown>;
  // The refined schema's own members: plain data even when it holds no other schema (a string's rules).
  return isSchemaData(data, undefined, { mustHoldSchema: false }) ? { argument, callee, data } : undefined;
}

const REFINE_HELPER_NAME = '__refine';
/** What TypeBox's `Refine` makes of a schema: a copy with the refinement as a hidden `~refine`. */
const REFINE_HELPER = `function ${REFINE_HELPER_NAME}(schema, check, error = () => 'Refine Error') { return Object.defineProperty({ ...schema }, '~refine', { value: [{ check, error }] }); }`;

/** How often each name appears outside the replaced parts and the imports (its declaration included). */
function identifierCounts(program: AstNode, replaced: ReadonlySet<AstNode>): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (node: AstNode) => {
    if (replaced.has(node) || node.type === 'ImportDeclaration') return;
    const name = (node as { name?: string }).name;
    if (node.type === 'Identifier' && name) counts.set(name, (counts.get(name) ?? 0) + 1);
    for (const child of children(node)) visit(child);
  };
  visit(program);
  return counts;
}

/** True when evaluating the node can have no effect but building values (schemas, functions). */
function isSideEffectFree(node: AstNode, builderLocals: ReadonlySet<string>): boolean {
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return true;
  if (
    ['NewExpression', 'AssignmentExpression', 'UpdateExpression', 'AwaitExpression', 'YieldExpression'].includes(
      node.type,
    )
  ) {
    return false;
  }
  if (['TaggedTemplateExpression', 'ImportExpression', 'ClassExpression'].includes(node.type)) return false;
  if (node.type === 'CallExpression') {
    const callee = node.callee as AstNode & { name?: string };
    const object = callee.object as (AstNode & { name?: string }) | undefined;
    const isBuilderCall = callee.type === 'MemberExpression' && builderLocals.has(object?.name ?? '');
    if (callee.type !== 'Identifier' && !isBuilderCall) return false;
  }
  return children(node).every((child) => isSideEffectFree(child, builderLocals));
}

/**
 * Removes the module's own helpers (schemas, schema-making functions) that nothing refers to
 * once the exports are literals, repeatedly: what they imported from TypeBox can then go too.
 */
function removeUnusedHelpers(
  program: AstNode,
  replaced: Set<AstNode>,
  edits: Edit[],
  builderLocals: ReadonlySet<string>,
  referred: ReadonlySet<string>,
): void {
  for (let isChanged = true; isChanged;) {
    isChanged = false;
    const counts = identifierCounts(program, replaced);
    for (const name of referred) counts.set(name, (counts.get(name) ?? 0) + 1);
    for (const statement of program.body as AstNode[]) {
      if (replaced.has(statement)) continue;
      let name: string | undefined;
      if (statement.type === 'FunctionDeclaration') {
        name = (statement.id as { name?: string } | null)?.name;
      } else if (statement.type === 'VariableDeclaration' && (statement.declarations as AstNode[]).length === 1) {
        const declarator = (statement.declarations as AstNode[])[0]!;
        const init = declarator.init as AstNode | null;
        if ((declarator.id as AstNode).type === 'Identifier' && init && isSideEffectFree(init, builderLocals)) {
          name = (declarator.id as { name?: string }).name;
        }
      }
      if (!name || counts.get(name) !== 1) continue;
      replaced.add(statement);
      edits.push({ start: statement.start, end: statement.end, text: '' });
      isChanged = true;
    }
  }
}

function children(node: AstNode): AstNode[] {
  const found: AstNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item && typeof item === 'object' && typeof (item as AstNode).type === 'string') found.push(item as AstNode);
    }
  }
  return found;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The module's code with its exported schema constants written as literals and its remaining
 * builder calls marked pure; undefined when nothing changed. `exports` are the module's values
 * as Node evaluated it, `imported` the values its relative imports bound (local name → value).
 */
export function toSchemaLiterals(
  code: string,
  exports: Record<string, unknown>,
  imported: ReadonlyMap<string, unknown>,
): string | undefined {
  const program = parseAst(code) as unknown as AstNode;
  const typeboxLocals = new Set<string>();
  const typeboxImports: AstNode[] = [];
  /** The builder's names (`import Type from 'typebox'`): only its calls are marked pure. */
  const typeboxBuilderLocals = new Set<string>();
  for (const statement of program.body as AstNode[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    if (!/^typebox(\/|$)/.test((statement.source as { value: string }).value)) continue;
    typeboxImports.push(statement);
    for (const specifier of statement.specifiers as AstNode[]) {
      const local = (specifier.local as { name: string }).name;
      typeboxLocals.add(local);
      if ((statement.source as { value: string }).value === 'typebox') typeboxBuilderLocals.add(local);
    }
  }
  const names = new Map<unknown, string>();
  /** The names the literals refer to: their imports and declarations must stay. */
  const referred = new Set<string>();
  for (const [local, value] of imported) if (isTypeboxSchema(value) && !names.has(value)) names.set(value, local);
  const edits: Edit[] = [];
  const replaced = new Set<AstNode>();
  let hasRefinement = false;
  for (const statement of program.body as AstNode[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      const id = declarator.id as AstNode & { name?: string };
      const init = declarator.init as AstNode | null;
      if (id.type !== 'Identifier' || !init || !id.name) continue;
      const value = exports[id.name];
      const refined = refinedSchemaData(value, init, typeboxBuilderLocals);
      if (refined) {
        if (typeof value === 'object' && value !== null && !names.has(value)) names.set(value, id.name);
        // `Type.Refine(schema, check, error)`: the schema written out, the refinement kept, and
        // attached as TypeBox attaches it (a hidden `~refine`) by a line of the module's own,
        // so that no part of TypeBox's builder (nor its settings) reaches the browser.
        edits.push({
          start: refined.argument.start,
          end: refined.argument.end,
          text: literalOf(refined.data, names, true, referred),
        });
        replaced.add(refined.argument);
        edits.push({ start: refined.callee.start, end: refined.callee.end, text: REFINE_HELPER_NAME });
        replaced.add(refined.callee);
        hasRefinement = true;
        continue;
      }
      if (!isSchemaData(value, names)) continue;
      edits.push({ start: init.start, end: init.end, text: literalOf(value, names, true, referred) });
      replaced.add(init);
      if (typeof value === 'object' && value !== null && !names.has(value)) names.set(value, id.name);
    }
  }
  const markPure = (node: AstNode) => {
    if (replaced.has(node)) return;
    if (node.type === 'CallExpression') {
      const callee = node.callee as AstNode;
      const object = callee.type === 'MemberExpression' ? (callee.object as AstNode & { name?: string }) : callee;
      const name = (object as { name?: string }).name;
      if (object.type === 'Identifier' && name && typeboxBuilderLocals.has(name)) {
        edits.push({ start: node.start, end: node.start, text: '/* @__PURE__ */ ' });
      }
    }
    for (const child of children(node)) markPure(child);
  };
  if (edits.length > 0) removeUnusedHelpers(program, replaced, edits, typeboxBuilderLocals, referred);
  markPure(program);
  // Imports nothing uses any more go (TypeBox's, and the package's own modules, free of side
  // effects): the bundler reaches what a module imports, and the builder's `Object` reaches its
  // whole engine, which the interpreter's chunk would then have to share from the first load.
  const uses = identifierCounts(program, replaced);
  for (const name of referred) uses.set(name, (uses.get(name) ?? 0) + 1);
  const prunable = (program.body as AstNode[]).filter(
    (statement) =>
      statement.type === 'ImportDeclaration' &&
      (typeboxImports.includes(statement) || (statement.source as { value: string }).value.startsWith('.')) &&
      (statement.specifiers as AstNode[]).length > 0,
  );
  for (const statement of prunable) {
    if (edits.length === 0) break;
    const specifiers = statement.specifiers as AstNode[];
    const kept = specifiers.filter((specifier) => uses.has((specifier.local as { name: string }).name));
    if (kept.length === specifiers.length) continue;
    const source = (statement.source as { value: string }).value;
    const text =
      kept.length === 0
        ? ''
        : kept.every((specifier) => specifier.type === 'ImportSpecifier')
          ? `import { ${kept.map((specifier) => code.slice(specifier.start, specifier.end)).join(', ')} } from '${source}';`
          : code.slice(statement.start, statement.end);
    edits.push({ start: statement.start, end: statement.end, text });
  }
  if (edits.length === 0) return undefined;
  if (hasRefinement) edits.push({ start: code.length, end: code.length, text: `\n${REFINE_HELPER}\n` });
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

export function schemaLiteralsPlugin(): Plugin {
  return {
    name: 'schema-literals',
    // After TypeScript is stripped (the parser reads JavaScript), before the named imports rewrite.
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (!SHARED_TYPES_SOURCE.test(file) || file.endsWith('.test.ts') || !/from\s*['"]typebox/.test(code)) {
        return undefined;
      }
      const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const imported = new Map<string, unknown>();
      for (const statement of (parseAst(code) as unknown as AstNode).body as AstNode[]) {
        if (statement.type !== 'ImportDeclaration') continue;
        const source = (statement.source as { value: string }).value;
        if (!source.startsWith('.')) continue;
        const module = (await import(new URL(source, pathToFileURL(file)).href)) as Record<string, unknown>;
        for (const specifier of statement.specifiers as AstNode[]) {
          if (specifier.type !== 'ImportSpecifier') continue;
          const importedName = (specifier.imported as { name: string }).name;
          imported.set((specifier.local as { name: string }).name, module[importedName]);
        }
      }
      const rewritten = toSchemaLiterals(code, exports, imported);
      return rewritten === undefined ? undefined : { code: rewritten, map: null };
    },
  };
}

/**
 * Where TypeBox's index takes each schema constructor from (`Object` → type/types/object.mjs):
 * those files stand alone (memory, guard), unlike the index, which reaches the whole builder.
 */
function constructorFiles(): Map<string, string> {
  // The `Type` namespace's own module, beside the package's index.
  const index = path.join(path.dirname(createRequire(import.meta.url).resolve('typebox')), 'typebox.mjs');
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(index, 'utf8').matchAll(
    /export \{([^}]*)\} from '(\.\/type\/types\/[^']+)'/g,
  )) {
    for (const name of names!
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      files.set(name, path.join(path.dirname(index), file!));
    }
  }
  return files;
}

const NAMED_BUILDER_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]typebox['"];?/g;

/** The module with its named imports of schema constructors taken from their own files; undefined when unchanged. */
export function toConstructorImports(code: string, files: ReadonlyMap<string, string>): string | undefined {
  let isChanged = false;
  const result = code.replace(NAMED_BUILDER_IMPORT, (statement, members: string) => {
    const parts = members
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const fileOf = (part: string) => files.get(part.split(/\s+as\s+/)[0]!);
    if (parts.length === 0 || !parts.every(fileOf)) return statement;
    isChanged = true;
    return parts.map((part) => `import { ${part} } from ${JSON.stringify(fileOf(part))};`).join('\n');
  });
  return isChanged ? result : undefined;
}

/**
 * After the named imports rewrite: the builder calls left (refinements, field helpers) import
 * their constructors from the constructors' own files, so the first load does not reach
 * TypeBox's whole builder, which the interpreter's chunk would then have to share from it.
 */
export function builderConstructorImportsPlugin(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: 'builder-constructor-imports',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/from\s*['"]typebox['"]/.test(code)) return undefined;
      const rewritten = toConstructorImports(code, (files ??= constructorFiles()));
      return rewritten === undefined ? undefined : { code: rewritten, map: null };
    },
  };
}
