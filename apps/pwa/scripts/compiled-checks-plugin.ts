// Ahead-of-time TypeBox checks for the shared schemas the app validates on its hot paths (every
// push's answer, every save's data, the large sync answers). TypeBox compiles a schema to
// JavaScript for a fast check, but at run time that needs `new Function`, which the app's
// Content-Security-Policy forbids (script-src 'self'), so the page fell back to TypeBox's
// interpreter, several times slower. Here each listed schema is compiled when the app is built
// (TypeBox's own `Code`, the same compiler the server runs at start) into a module of the
// bundle; `validate` uses it for that schema (packages/shared-types/src/validation/validate.ts).
// The schemas stay the one definition: the code is generated from them on every build.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TSchema } from 'typebox';
import { Code } from 'typebox/compile';
import * as TypeboxFormat from 'typebox/format';
import type { Plugin } from 'vite';

/** The module the app imports: `compiledChecks`, pairs of a shared schema and its check. */
export const COMPILED_CHECKS_MODULE = 'virtual:compiled-checks';
const CHECK_MODULE_PREFIX = 'virtual:compiled-check:';

export interface CompiledChecksOptions {
  /** Exports of @judging/shared-types that are schemas. */
  schemas: readonly string[];
  /** Exports of @judging/shared-types that are records of schemas (each value compiled). */
  schemaRecords?: readonly string[];
  /**
   * Schemas of one area's screens: compiled too, but left out of the app's module so that every
   * page does not carry them; the area imports `virtual:compiled-check:<name>` and registers it.
   */
  onDemandSchemas?: readonly string[];
}

interface ListedSchema {
  /** How the app's module reaches the schema object itself (`shared.X` or `shared.X["key"]`). */
  expression: string;
  schema: TSchema;
  /** Imported by its area only (`onDemandSchemas`), not by the app's module. */
  isOnDemand?: boolean;
}

export function compiledChecksPlugin(options: CompiledChecksOptions): Plugin {
  let listed: Promise<Map<string, ListedSchema>> | undefined;
  const listSchemas = () => (listed ??= import('@judging/shared-types').then((shared) => listFrom(shared, options)));
  return {
    name: 'compiled-checks',
    resolveId(id) {
      if (id === COMPILED_CHECKS_MODULE || id.startsWith(CHECK_MODULE_PREFIX)) return `\0${id}`;
      return undefined;
    },
    async load(id) {
      if (id === `\0${COMPILED_CHECKS_MODULE}`) return checksModule(await listSchemas());
      if (!id.startsWith(`\0${CHECK_MODULE_PREFIX}`)) return undefined;
      const key = id.slice(CHECK_MODULE_PREFIX.length + 1);
      const entry = (await listSchemas()).get(key);
      if (!entry) throw new Error(`compiled-checks: no schema listed as ${key}`);
      return checkModule(key, entry.schema);
    },
  };
}

/** The module the app imports: each listed schema beside its generated check. */
export function checksModule(listed: ReadonlyMap<string, ListedSchema>): string {
  const lines = ["import * as shared from '@judging/shared-types';"];
  const pairs: string[] = [];
  [...listed].forEach(([key, entry], index) => {
    if (entry.isOnDemand) return;
    lines.push(`import { Check as check${index} } from '${CHECK_MODULE_PREFIX}${key}';`);
    pairs.push(`[${entry.expression}, check${index}]`);
  });
  lines.push(`export const compiledChecks = [${pairs.join(', ')}];`);
  return lines.join('\n');
}

/**
 * One schema's check as an ES module (TypeBox's `Code`), exporting `Check(value)`. What the
 * code refers to outside itself (`External`) is written in: the schemas' patterns, as regular
 * expression literals. A refinement (a function) cannot be written out, so a schema with one
 * is refused here; none of those listed has any.
 */
export function checkModule(key: string, schema: TSchema): string {
  const { Code: code, External } = Code(schema);
  const formatImports: string[] = [];
  const variables = External.variables.map((variable) => {
    if (variable instanceof RegExp) return String(variable);
    // A string format (`format: 'email'`): TypeBox's own check of it, imported by name.
    const format = typeof variable === 'function' ? formatCheckName(variable) : undefined;
    if (format) {
      formatImports.push(`import { ${format} as Format_${format} } from ${JSON.stringify(formatCheckFile(format))};`);
      return `Format_${format}`;
    }
    throw new Error(`compiled-checks: ${key} holds a function (a refinement) and cannot be compiled ahead`);
  });
  if (variables.length === 0) return code;
  return `${code}\n${[...new Set(formatImports)].join('\n')}\nSetExternal({ variables: [${variables.join(', ')}] });\n`;
}

/** The name `typebox/format` exports a format's check under (`IsEmail`), when the function is one of them. */
function formatCheckName(check: unknown): string | undefined {
  return Object.entries(TypeboxFormat).find(([name, value]) => name.startsWith('Is') && value === check)?.[0];
}

const formatFolder = path.dirname(createRequire(import.meta.url).resolve('typebox/format'));

/**
 * The file of TypeBox's format folder that defines the check: imported from there, not from
 * `typebox/format`, whose registry of every format would come along.
 */
function formatCheckFile(name: string): string {
  const file = readdirSync(formatFolder).find(
    (entry) =>
      entry.endsWith('.mjs') &&
      readFileSync(path.join(formatFolder, entry), 'utf8').includes(`export function ${name}(`),
  );
  if (!file) throw new Error(`compiled-checks: no file of typebox/format defines ${name}`);
  return path.join(formatFolder, file);
}

export function listFrom(shared: Record<string, unknown>, options: CompiledChecksOptions): Map<string, ListedSchema> {
  const listed = new Map<string, ListedSchema>();
  const schemaAt = (name: string): TSchema => {
    const value = shared[name];
    if (value === null || typeof value !== 'object') {
      throw new Error(`compiled-checks: @judging/shared-types exports no ${name}`);
    }
    return value as TSchema;
  };
  for (const name of options.schemas) listed.set(name, { expression: `shared.${name}`, schema: schemaAt(name) });
  for (const name of options.onDemandSchemas ?? []) {
    listed.set(name, { expression: `shared.${name}`, schema: schemaAt(name), isOnDemand: true });
  }
  for (const name of options.schemaRecords ?? []) {
    for (const [key, schema] of Object.entries(schemaAt(name) as Record<string, TSchema>)) {
      listed.set(`${name}/${key}`, { expression: `shared.${name}[${JSON.stringify(key)}]`, schema });
    }
  }
  return listed;
}
