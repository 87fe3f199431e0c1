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
import { fileURLToPath } from 'node:url';
import type { TSchema } from 'typebox';
import { Code } from 'typebox/compile';
import * as TypeboxFormat from 'typebox/format';
import type { Plugin } from 'vite';
import { compileErrors, type CompiledErrors } from './compiled-errors.ts';

/** The module the app imports: `compiledChecks`, pairs of a shared schema and its check. */
export const COMPILED_CHECKS_MODULE = 'virtual:compiled-checks';
/** The module that registers every shared schema the browser names, compiled (`validatorsModule`). */
export const COMPILED_VALIDATORS_MODULE = 'virtual:compiled-validators';
const CHECK_MODULE_PREFIX = 'virtual:compiled-check:';
const ERRORS_MODULE_PREFIX = 'virtual:compiled-errors:';
const VALIDATOR_MODULE_PREFIX = 'virtual:compiled-validator:';
const MODULE_PREFIXES = [CHECK_MODULE_PREFIX, ERRORS_MODULE_PREFIX, VALIDATOR_MODULE_PREFIX];

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
  /** Folders of the code that runs in the browser (`namedInBrowserCode`): the app's and shared-types' sources by default. */
  browserSources?: readonly string[];
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
  let everySchema: Promise<Map<string, ListedSchema>> | undefined;
  const shared = () => import('@judging/shared-types');
  const listSchemas = () => (listed ??= shared().then((exports) => listFrom(exports, options)));
  const listEverySchema = () => (everySchema ??= shared().then((exports) => listEvery(exports)));
  const entryOf = async (key: string) => {
    const entry = (await listSchemas()).get(key) ?? (await listEverySchema()).get(key);
    if (!entry) throw new Error(`compiled-checks: no schema listed as ${key}`);
    return entry;
  };
  return {
    name: 'compiled-checks',
    resolveId(id) {
      if ([COMPILED_CHECKS_MODULE, COMPILED_VALIDATORS_MODULE].includes(id)) return `\0${id}`;
      if (MODULE_PREFIXES.some((prefix) => id.startsWith(prefix))) return `\0${id}`;
      return undefined;
    },
    async load(id) {
      if (id === `\0${COMPILED_CHECKS_MODULE}`) return checksModule(await listSchemas());
      if (id === `\0${COMPILED_VALIDATORS_MODULE}`) {
        const named = namedInBrowserCode(options.browserSources ?? DEFAULT_BROWSER_SOURCES);
        const every = await listEverySchema();
        return validatorsModule(new Map([...every].filter(([key]) => named.has(key.split('/')[0]!))));
      }
      const prefix = MODULE_PREFIXES.find((candidate) => id.startsWith(`\0${candidate}`));
      if (!prefix) return undefined;
      const key = id.slice(prefix.length + 1);
      const entry = await entryOf(key);
      if (prefix === CHECK_MODULE_PREFIX) return checkModule(key, entry.schema);
      if (prefix === ERRORS_MODULE_PREFIX) return errorsModule(key, entry.schema);
      return validatorsModule(new Map([[key, entry]]));
    },
  };
}

/**
 * Registers each schema's compiled check and, for a schema carrying messages (a form's, a shared
 * rule's), its compiled error list. As `virtual:compiled-validators` (fetched where a form's
 * values fail, or a schema has no check on the first load: where TypeBox's interpreter was
 * fetched before) it holds every shared schema the browser's code names; as
 * `virtual:compiled-validator:<name>`, one schema, for a screen whose shared rule runs as the
 * user types.
 */
export function validatorsModule(listed: ReadonlyMap<string, ListedSchema>): string {
  const lines = ["import * as shared from '@judging/shared-types';"];
  const entries: string[] = [];
  [...listed].forEach(([key, entry], index) => {
    const schema = entry.expression;
    lines.push(`import { Check as check${index} } from '${CHECK_MODULE_PREFIX}${key}';`);
    if (!hasMessages(entry.schema)) {
      entries.push(`[${schema}, (value) => check${index}(value, ${schema})]`);
      return;
    }
    lines.push(`import { Errors as errors${index} } from '${ERRORS_MODULE_PREFIX}${key}';`);
    entries.push(
      `[${schema}, (value) => check${index}(value, ${schema}), (value) => errors${index}(value, ${schema})]`,
    );
  });
  lines.push(`shared.registerCompiledChecks([\n${entries.join(',\n')}\n]);`);
  return lines.join('\n');
}

/** Whether a schema words its own errors (`x-messages`): only then are its errors compiled. */
export function hasMessages(schema: TSchema): boolean {
  return JSON.stringify(schema).includes('"x-messages"');
}

const DEFAULT_BROWSER_SOURCES = [
  fileURLToPath(new URL('../src', import.meta.url)),
  fileURLToPath(new URL('../../../packages/shared-types/src', import.meta.url)),
];

/**
 * The names the browser's code may validate: every identifier of the app's sources, and the
 * schemas the shared package's own rules pass to `validate` (`validateNewEvent` checks
 * `CreateEventSchema`). Schemas only the server checks stay out of the browser.
 */
export function namedInBrowserCode(folders: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (const folder of folders) {
    const isShared = folder.includes(`${path.sep}shared-types${path.sep}`);
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const code = readFileSync(path.join(folder, file), 'utf8');
      const names = isShared
        ? [...code.matchAll(/\bvalidate\((\w+)/g)].map((match) => match[1]!)
        : (code.match(/\w+/g) ?? []);
      for (const name of names) named.add(name);
    }
  }
  return named;
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
 * One schema's check as an ES module exporting `Check(value)`: TypeBox's `Code`. What the code
 * refers to outside itself (`External`) is written in: the schemas' patterns as regular
 * expression literals, formats as TypeBox's own format checks. A refinement (a function) cannot
 * be written out: a schema with one is checked by its compiled error list, which reads the
 * refinements from the schema object it is given (`Check(value, schema)`).
 */
export function checkModule(key: string, schema: TSchema): string {
  const formatImports: string[] = [];
  const errors = compileErrors(key, schema);
  if (errors.hasRefinement) {
    return errorsCode(
      key,
      errors,
      formatImports,
      'export function Check(value, schema) { return s0(value, "", [], schema); }',
    );
  }
  const { Code: code, External } = Code(schema);
  const variables = External.variables.map((variable) => writeVariable(key, variable, formatImports));
  if (variables.length === 0) return code;
  return `${code}\n${[...new Set(formatImports)].join('\n')}\nSetExternal({ variables: [${variables.join(', ')}] });\n`;
}

/**
 * One schema's error list as an ES module exporting `Errors(value, schema)`: the errors TypeBox's
 * interpreter reports, messages included (./compiled-errors.ts).
 */
export function errorsModule(key: string, schema: TSchema): string {
  return errorsCode(key, compileErrors(key, schema), [], 'export { Errors };');
}

function errorsCode(key: string, errors: CompiledErrors, formatImports: string[], exported: string): string {
  const variables = errors.variables.map((variable) => writeVariable(key, variable, formatImports));
  return [
    'import { Guard } from "typebox/guard";',
    ...new Set(formatImports),
    `const External = [${variables.join(', ')}];`,
    errors.code,
    exported,
  ].join('\n');
}

/** One of TypeBox's external variables as code: a pattern, a format's check, or a constant. */
function writeVariable(key: string, variable: unknown, formatImports: string[]): string {
  if (variable instanceof RegExp) return String(variable);
  if (typeof variable === 'function') {
    // A string format (`format: 'email'`): TypeBox's own check of it, imported by name.
    const format = formatCheckName(variable);
    if (!format) throw new Error(`compiled-checks: ${key} holds a function that is not a format check`);
    formatImports.push(`import { ${format} as Format_${format} } from ${JSON.stringify(formatCheckFile(format))};`);
    return `Format_${format}`;
  }
  return JSON.stringify(variable);
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

/** Every schema the shared package exports, and each schema of its records of schemas. */
export function listEvery(shared: Record<string, unknown>): Map<string, ListedSchema> {
  const every = new Map<string, ListedSchema>();
  const isSchema = (value: unknown): value is TSchema =>
    typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, '~kind');
  for (const [name, value] of Object.entries(shared)) {
    if (isSchema(value)) every.set(name, { expression: `shared.${name}`, schema: value });
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const members = Object.entries(value);
      if (members.length === 0 || !members.every(([, member]) => isSchema(member))) continue;
      for (const [key, member] of members) {
        every.set(`${name}/${key}`, {
          expression: `shared.${name}[${JSON.stringify(key)}]`,
          schema: member as TSchema,
        });
      }
    }
  }
  return every;
}
