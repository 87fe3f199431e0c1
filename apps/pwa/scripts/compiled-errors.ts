// A schema's error list compiled when the app is built, so that a form words its messages without
// TypeBox's interpreter in the browser. TypeBox compiles checks (`Code`) but words errors only by
// interpreting the schema (`Value.Errors`). Here, at build time, the schema is turned into code
// that reports the same errors in the same order as TypeBox's error engine
// (typebox/build/schema/engine/schema.mjs, `ErrorSchema`): the same keywords, each keyword's
// condition written by TypeBox's own emitter (`Build<Keyword>`), the same paths, params and
// English messages. A keyword this generator does not handle fails the build, never a form.
// compiled-errors.test.ts holds every shared schema to `Value.Errors` on many bad values.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TSchema } from 'typebox';

/** The most errors one list holds: the limit the browser gave TypeBox's interpreter when it worded the forms. */
export const MAX_ERRORS = 100;

interface Engine {
  Stack(context: object, schema: unknown): unknown;
  BuildContext: new (hasUnevaluated: boolean) => unknown;
  ResetExternal(): void;
  GetExternal(): { identifier: string; variables: unknown[] };
}
/** The engine's keyword builders (`BuildString`, `BuildMinimum`…), read by name. */
type KeywordBuilders = Record<
  `Build${string}`,
  (stack: unknown, context: unknown, schema: unknown, value: string) => string
>;
interface EmitGuard {
  IsObjectNotArray(value: string): string;
  IsArray(value: string): string;
  IsString(value: string): string;
  IsNumber(value: string): string;
  IsBigInt(value: string): string;
}
type Locale = (error: { keyword: string; params: Record<string, unknown> }) => string;

const typeboxBuild = path.dirname(path.dirname(createRequire(import.meta.url).resolve('typebox/schema')));
const load = async <T>(file: string) => (await import(pathToFileURL(path.join(typeboxBuild, file)).href)) as T;
// TypeBox's own code emitters and English messages, used here at build time only.
const engine = await load<Engine & KeywordBuilders>('schema/engine/index.mjs');
const { EmitGuard } = await load<{ EmitGuard: EmitGuard }>('guard/index.mjs');
const { en_US: english } = await load<{ en_US: Locale }>('system/locale/en_US.mjs');

/** Keywords the error engine acts on that this generator does not write: a schema using one fails the build. */
const UNHANDLED = [
  'additionalProperties',
  'dependencies',
  'dependentRequired',
  'dependentSchemas',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'additionalItems',
  'contains',
  'minContains',
  'maxContains',
  'prefixItems',
  'uniqueItems',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  '$ref',
  '$recursiveRef',
  '$dynamicRef',
  'if',
  'not',
  'allOf',
  'oneOf',
  'unevaluatedItems',
  'unevaluatedProperties',
];

export interface CompiledErrors {
  /** Function declarations, the last one `Errors(value, schema)` (not exported). */
  code: string;
  /** What the code reads as `External[n]` (TypeBox's emitters put patterns and formats there). */
  variables: unknown[];
  /** Whether the schema holds a refinement, which the code reads from the schema it is given. */
  hasRefinement: boolean;
}

/**
 * The code of `Errors(value, schema)`: TypeBox's error list for `value`, messages included.
 * `schema` is the schema object itself, read only for its refinements (functions, which cannot
 * be written into code). `External` must hold `variables` when it runs.
 */
export function compileErrors(key: string, schema: TSchema): CompiledErrors {
  engine.ResetExternal();
  const stack = engine.Stack({}, schema);
  const context = new engine.BuildContext(false);
  const functions: string[] = [];
  let hasRefinement = false;

  const build = (keyword: string, node: unknown, value: string) =>
    engine[`Build${keyword}`]!(stack, context, node, value);
  const constant = (value: unknown) => JSON.stringify(value);
  const message = (keyword: string, params: Record<string, unknown>) => constant(english({ keyword, params }));
  /** An error whose params are known now: its message is written out. */
  const fixedError = (keyword: string, schemaPath: string, params: Record<string, unknown>) =>
    `add(e, ${constant(keyword)}, ${constant(schemaPath)}, p, ${constant(params)}, ${message(keyword, params)})`;

  /** Writes the function for one schema at one place; answers its name. */
  const schemaFunction = (node: unknown, schemaPath: string, access: string): string => {
    const name = `s${functions.length}`;
    functions.push('');
    if (typeof node !== 'object' || node === null || Array.isArray(node)) {
      throw new Error(`compiled-errors: ${key} has a boolean or odd schema at ${schemaPath}`);
    }
    const record = node as Record<string, unknown>;
    for (const keyword of UNHANDLED) {
      if (keyword in record) throw new Error(`compiled-errors: ${key} uses ${keyword} at ${schemaPath}, not handled`);
    }
    if (Array.isArray(record.items)) throw new Error(`compiled-errors: ${key} has sized items at ${schemaPath}`);
    const has = (keyword: string) => keyword in record && record[keyword] !== undefined;
    const leaf = (keyword: string, builder: string, params: Record<string, unknown>) =>
      `+(${build(builder, record, 'v')} || ${fixedError(keyword, schemaPath, params)})`;

    const parts: string[] = [];
    if (has('type')) parts.push(leaf('type', 'Type', { type: record.type }));

    const objectParts: string[] = [];
    if (Array.isArray(record.required) && record.required.length > 0) {
      objectParts.push(`+required(v, p, e, ${constant(record.required)}, ${constant(schemaPath)})`);
    } else if (Array.isArray(record.required)) {
      objectParts.push('+true');
    }
    if (has('patternProperties')) {
      for (const [pattern, item] of Object.entries(record.patternProperties as Record<string, unknown>)) {
        const itemPath = `${schemaPath}/patternProperties/${encodeFragment(pattern)}`;
        const itemFunction = schemaFunction(item, itemPath, `${access}.patternProperties[${constant(pattern)}]`);
        const regexp = build('Pattern', { pattern }, 'k');
        objectParts.push(
          `+Object.entries(v).reduce((ok, [k, x]) => !(${regexp}) || ${itemFunction}(x, p + '/' + fragment(k), e, schema) ? ok : false, true)`,
        );
      }
    }
    if (has('properties')) {
      const required = Array.isArray(record.required) ? (record.required as string[]) : [];
      for (const [property, item] of Object.entries(record.properties as Record<string, unknown>)) {
        const itemPath = `${schemaPath}/properties/${encodeFragment(property)}`;
        const itemFunction = schemaFunction(item, itemPath, `${access}.properties[${constant(property)}]`);
        const member = `v[${constant(property)}]`;
        const present = `Guard.HasPropertyKey(v, ${constant(property)})`;
        const checked = `(!${present} || ${itemFunction}(${member}, p + ${constant(`/${encodeFragment(property)}`)}, e, schema))`;
        objectParts.push(required.includes(property) ? `+${checked}` : `+(${member} === undefined || ${checked})`);
      }
    }
    if (objectParts.length > 0) {
      parts.push(`+(!(${EmitGuard.IsObjectNotArray('v')}) || !!(${objectParts.join(' & ')}))`);
    }

    const arrayParts: string[] = [];
    if (has('items')) {
      const itemFunction = schemaFunction(record.items, `${schemaPath}/items`, `${access}.items`);
      arrayParts.push(`+v.reduce((ok, x, i) => ${itemFunction}(x, p + '/' + i, e, schema) ? ok : false, true)`);
    }
    if (has('minItems')) arrayParts.push(leaf('minItems', 'MinItems', { limit: record.minItems }));
    if (has('maxItems')) arrayParts.push(leaf('maxItems', 'MaxItems', { limit: record.maxItems }));
    if (arrayParts.length > 0) parts.push(`+(!(${EmitGuard.IsArray('v')}) || !!(${arrayParts.join(' & ')}))`);

    const stringParts: string[] = [];
    if (has('minLength')) stringParts.push(leaf('minLength', 'MinLength', { limit: record.minLength }));
    if (has('maxLength')) stringParts.push(leaf('maxLength', 'MaxLength', { limit: record.maxLength }));
    if (has('format')) stringParts.push(leaf('format', 'Format', { format: record.format }));
    if (has('pattern')) stringParts.push(leaf('pattern', 'Pattern', { pattern: record.pattern }));
    if (stringParts.length > 0) parts.push(`+(!(${EmitGuard.IsString('v')}) || !!(${stringParts.join(' & ')}))`);

    const numberParts: string[] = [];
    if (has('minimum')) numberParts.push(leaf('minimum', 'Minimum', { comparison: '>=', limit: record.minimum }));
    if (has('maximum')) numberParts.push(leaf('maximum', 'Maximum', { comparison: '<=', limit: record.maximum }));
    if (numberParts.length > 0) {
      parts.push(`+(!(${EmitGuard.IsNumber('v')} || ${EmitGuard.IsBigInt('v')}) || !!(${numberParts.join(' & ')}))`);
    }

    if (has('const')) parts.push(leaf('const', 'Const', { allowedValue: record.const }));
    if (has('enum')) parts.push(leaf('enum', 'Enum', { allowedValues: record.enum }));
    if (has('anyOf')) {
      const branches = (record.anyOf as unknown[]).map((branch, index) =>
        schemaFunction(branch, `${schemaPath}/anyOf/${index}`, `${access}.anyOf[${index}]`),
      );
      parts.push(`+anyOf(v, p, e, schema, [${branches.join(', ')}], ${constant(schemaPath)}, ${message('anyOf', {})})`);
    }

    const all = parts.length === 0 ? 'true' : `!!(${parts.join(' & ')})`;
    const refine = has('~refine') ? ` && refine(v, p, e, ${access}['~refine'], ${constant(schemaPath)})` : '';
    if (refine) hasRefinement = true;
    functions[Number(name.slice(1))] =
      `function ${name}(v, p, e, schema) { if (e.length >= ${MAX_ERRORS}) return false; return ${all}${refine}; }`;
    return name;
  };

  const root = schemaFunction(schema, '#', 'schema');
  const variables = [...engine.GetExternal().variables];
  const code = [
    HELPERS,
    ...functions,
    `function Errors(value, schema) { const errors = []; ${root}(value, '', errors, schema); return errors; }`,
  ].join('\n');
  return { code, variables, hasRefinement };
}

function encodeFragment(fragment: string): string {
  return fragment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** What every compiled error list shares: adding an error within the limit, and the keywords that collect. */
const HELPERS = `
function add(e, keyword, schemaPath, instancePath, params, message) { if (e.length < ${MAX_ERRORS}) e.push({ keyword, schemaPath, instancePath, params, message }); return false; }
function fragment(key) { return key.replace(/~/g, '~0').replace(/\\//g, '~1'); }
function required(v, p, e, keys, schemaPath) {
  const requiredProperties = keys.filter((key) => !Guard.HasPropertyKey(v, key));
  return requiredProperties.length === 0 || add(e, 'required', schemaPath, p, { requiredProperties }, 'must have required properties ' + requiredProperties.join(', '));
}
function anyOf(v, p, e, schema, branches, schemaPath, message) {
  const failed = [];
  let passed = false;
  for (const branch of branches) { const own = []; if (branch(v, p, own, schema)) passed = true; else failed.push(own); }
  if (passed) return true;
  for (const own of failed) for (const error of own) add(e, error.keyword, error.schemaPath, error.instancePath, error.params, error.message);
  return add(e, 'anyOf', schemaPath, p, {}, message);
}
function refine(v, p, e, refinements, schemaPath) {
  let ok = true;
  refinements.forEach((refinement, index) => {
    if (refinement.check(v)) return;
    const message = refinement.error(v);
    ok = add(e, '~refine', schemaPath, p, { index, message }, message);
  });
  return ok;
}`;
