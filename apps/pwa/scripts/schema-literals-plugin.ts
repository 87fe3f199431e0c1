// The shared schemas reach the browser as data, not as TypeBox builder calls. packages/shared-types
// builds its schemas with TypeBox's `Type` when a module loads; in the app's build that put the
// builder (and every schema's construction) into the first load. Here, in the app's build only,
// each shared-types module is loaded in Node, and every exported constant whose value is a schema
// (or a record of schemas) is written into the module as the JSON Schema literal it evaluates to;
// the builder calls that remain are marked pure, so the bundler drops those nothing uses. The
// sources stay the one definition: the literals are generated from them on every build, and the
// server and the unit tests run the sources as written. A value holding a function (a refinement)
// cannot be written out and keeps its builder call.
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

/** A value made only of plain data (no function, no class instance) that holds at least one schema. */
export function isSchemaData(value: unknown): boolean {
  let holdsSchema = false;
  const seen = new Set<unknown>();
  const walk = (node: unknown): boolean => {
    if (node === null || ['string', 'number', 'boolean'].includes(typeof node)) return true;
    if (typeof node !== 'object') return false;
    if (seen.has(node)) return true;
    seen.add(node);
    if (isTypeboxSchema(node)) holdsSchema = true;
    if (Object.getOwnPropertySymbols(node).length > 0) return false;
    const prototype = Object.getPrototypeOf(node);
    if (!Array.isArray(node) && prototype !== Object.prototype && prototype !== null) return false;
    // Every member, the non-enumerable ones too: a refinement (`~refine`) holds functions.
    return Object.getOwnPropertyNames(node).every(
      (key) => (Array.isArray(node) && key === 'length') || walk((node as Record<string, unknown>)[key]),
    );
  };
  return walk(value) && holdsSchema;
}

/**
 * The value as a JavaScript literal. `names` maps objects the module can already refer to (its
 * imports, its earlier exports) to their names: written as a reference, so a shared schema stays
 * one object (the compiled checks are found by identity) and is not repeated.
 */
export function literalOf(value: unknown, names: ReadonlyMap<unknown, string>, isRoot = true): string {
  if (!isRoot && names.has(value)) return names.get(value)!;
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => literalOf(item, names, false)).join(',')}]`;
  const members = Object.entries(value)
    .filter(([, member]) => member !== undefined)
    .map(([key, member]) => `${JSON.stringify(key)}:${literalOf(member, names, false)}`);
  return `{${members.join(',')}}`;
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
  for (const statement of program.body as AstNode[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    if (!/^typebox(\/|$)/.test((statement.source as { value: string }).value)) continue;
    for (const specifier of statement.specifiers as AstNode[])
      typeboxLocals.add((specifier.local as { name: string }).name);
  }
  const names = new Map<unknown, string>();
  for (const [local, value] of imported) if (isTypeboxSchema(value) && !names.has(value)) names.set(value, local);
  const edits: Edit[] = [];
  const replaced = new Set<AstNode>();
  for (const statement of program.body as AstNode[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      const id = declarator.id as AstNode & { name?: string };
      const init = declarator.init as AstNode | null;
      if (id.type !== 'Identifier' || !init || !id.name) continue;
      const value = exports[id.name];
      if (!isSchemaData(value)) continue;
      edits.push({ start: init.start, end: init.end, text: literalOf(value, names) });
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
      if (object.type === 'Identifier' && name && typeboxLocals.has(name)) {
        edits.push({ start: node.start, end: node.start, text: '/* @__PURE__ */ ' });
      }
    }
    for (const child of children(node)) markPure(child);
  };
  markPure(program);
  if (edits.length === 0) return undefined;
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
