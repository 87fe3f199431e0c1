// fast-check arbitraries built from a route's own JSON Schema (the subset the shared TypeBox
// schemas use), and hand-picked poison. No maintained JSON-Schema-to-fast-check generator
// exists on npm (json-schema-fast-check is a 0.0.x), and this subset is small; a keyword it
// does not know throws, so a schema growing a new rule cannot be fuzzed as if it had none.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
}

/** Keywords that constrain nothing a generator must respect. */
const ANNOTATIONS = new Set(['x-messages', 'description', 'title', 'default', 'examples', '$id']);
const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'anyOf',
  'const',
  'enum',
]);

export interface ArbitraryOptions {
  /**
   * Now and then put a value of the wrong shape, a poison value, an unknown key or a missing
   * required key where the schema asks for something else.
   */
  isWild: boolean;
  /** Objects carry their required keys only. */
  isMinimal?: boolean;
  /** Ids that exist (the caller's records): integers that look like ids are often one of them. */
  knownIds?: readonly number[];
}

/** Values that have broken servers: control and direction characters, injections, odd numbers. */
export const POISON_VALUES: readonly unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\ud800',
  '０x10',
  '0x10',
  ' 1',
  '1.5',
  '-1',
  "' OR 1=1 --",
  '=HYPERLINK("http://x")',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '__proto__',
  -1,
  0,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  true,
  null,
  [],
  {},
  [null],
  { constructor: { prototype: { polluted: true } } },
];

const anything = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...POISON_VALUES));

function checkKeywords(schema: JsonSchema): void {
  for (const key of Object.keys(schema)) {
    if (!KEYWORDS.has(key) && !ANNOTATIONS.has(key)) {
      throw new Error(`schema-arbitrary does not know the keyword "${key}": teach it before fuzzing this schema`);
    }
  }
}

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

function emailArbitrary(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{1,10}$/))
    .map(([local, domain]) => `${local}@${domain}.test`);
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? minLength + 40;
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.format !== undefined) {
    if (schema.format !== 'email') throw new Error(`schema-arbitrary does not know the format "${schema.format}"`);
    return emailArbitrary().filter(fits);
  }
  if (schema.pattern === DATE_PATTERN) {
    // Mostly real calendar dates (the rules behind the pattern then run), sometimes not.
    return fc.oneof(
      fc
        .date({ min: new Date('2017-01-01'), max: new Date('2101-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
      fc.stringMatching(new RegExp(DATE_PATTERN)),
    );
  }
  if (schema.pattern !== undefined) {
    // A blank-refusing pattern asks for any text with a visible character.
    if (schema.pattern === '\\S') {
      return fc
        .tuple(fc.string({ maxLength: Math.min(maxLength - 1, 20), unit: 'grapheme' }), fc.stringMatching(/^\S$/))
        .map(([text, visible]) => visible + text)
        .filter(fits);
    }
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  const cappedMax = Math.min(maxLength, minLength + 40);
  return fc.oneof(
    fc.string({ minLength, maxLength: cappedMax }),
    fc.string({ minLength, maxLength: cappedMax, unit: 'grapheme' }),
    fc.string({ minLength, maxLength: cappedMax, unit: 'binary' }).filter(fits),
  );
}

function integerArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 1_000_000_000;
  const inRange = fc.integer({ min, max });
  const ids = (options.knownIds ?? []).filter((id) => id >= min && id <= max);
  const looksLikeId = schema.minimum !== undefined && schema.minimum >= 0 && schema.maximum === undefined;
  // Small values too: a protocol version, a count, an order.
  const small = fc.integer({ min: Math.max(min, -2), max: Math.max(min, Math.min(max, 3)) });
  if (looksLikeId && ids.length > 0) return fc.oneof(fc.constantFrom(...ids), small, inRange);
  return fc.oneof(inRange, small, fc.constantFrom(min, max));
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e9;
  const max = schema.maximum ?? 1e9;
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    fc.constantFrom(min, max).map((value) => Math.round(value * 4) / 4),
  );
}

function typedArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  checkKeywords(schema);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  if (schema.anyOf !== undefined) return fc.oneof(...schema.anyOf.map((branch) => arbitraryFor(branch, options)));
  switch (schema.type) {
    case undefined:
      return fc.jsonValue({ maxDepth: 3 });
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema, options);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 5, minLength + 5);
      return fc.array(arbitraryFor(schema.items ?? {}, options), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, arbitraryFor(property, options)]),
      );
      const requiredKeys = required.filter((key) => key in shape);
      const record = options.isMinimal
        ? fc.record(Object.fromEntries(requiredKeys.map((key) => [key, shape[key] ?? fc.constant(null)])))
        : fc.record(shape, { requiredKeys });
      if (!options.isWild) return record;
      return fc.oneof(
        { weight: 6, arbitrary: record },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.constantFrom(...(required.length > 0 ? required : ['-'])))
            .map(([value, key]) => {
              const copy: Record<string, unknown> = { ...value };
              delete copy[key];
              return copy;
            }),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.string({ minLength: 1, maxLength: 12 }), anything)
            .map(([value, key, extra]) => ({ ...value, [key]: extra })),
        },
      );
    }
    default:
      throw new Error(`schema-arbitrary does not know the type "${schema.type}"`);
  }
}

/** Values shaped by `schema`; with `isWild`, sometimes not. */
export function arbitraryFor(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const typed = typedArbitrary(schema, options);
  if (!options.isWild) return typed;
  return fc.oneof({ weight: 8, arbitrary: typed }, { weight: 1, arbitrary: anything });
}

/**
 * Near misses of a valid body: `valid` with one property replaced by a value of that
 * property's schema (wild when asked), so every field is pushed while the others stay good.
 */
export function nearValidArbitrary(
  schema: JsonSchema,
  valid: unknown,
  options: ArbitraryOptions,
): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const isObject = valid !== null && typeof valid === 'object' && !Array.isArray(valid);
  if (!isObject || properties.length === 0) return arbitraryFor(schema, options);
  return fc
    .constantFrom(...properties)
    .chain(([key, property]) => arbitraryFor(property, options).map((value) => ({ ...valid, [key]: value })));
}

/** The paths of a value's leaves (object keys and array indexes), at most `limit` of them. */
export function leafPaths(value: unknown, limit = 8): (string | number)[][] {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, at: (string | number)[]) => {
    if (paths.length >= limit) return;
    if (Array.isArray(node) && node.length > 0) node.forEach((child, index) => walk(child, [...at, index]));
    else if (node !== null && typeof node === 'object' && Object.keys(node).length > 0)
      for (const [key, child] of Object.entries(node)) walk(child, [...at, key]);
    else if (at.length > 0) paths.push(at);
  };
  walk(value, []);
  return paths;
}

const MARKER = '\u0001poison-here\u0001';

/**
 * The JSON text of `value` with the leaf at `at` replaced by raw JSON text, which may be
 * something `JSON.stringify` cannot write (`1e309`) or would not (a nesting 5,000 deep).
 */
export function jsonWithRawLeaf(value: unknown, at: readonly (string | number)[], rawJson: string): string {
  const copy: unknown = structuredClone(value);
  let node = copy as Record<string | number, unknown>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = at.at(-1);
  if (last === undefined) return rawJson;
  node[last] = MARKER;
  return JSON.stringify(copy).replace(JSON.stringify(MARKER), rawJson);
}

/** Raw JSON texts to put in place of one field. */
export function poisonLeaves(): { label: string; rawJson: string }[] {
  return [
    { label: '1e309 (Infinity when parsed)', rawJson: '1e309' },
    { label: '-1e309', rawJson: '-1e309' },
    { label: 'NUL characters', rawJson: JSON.stringify('a\u0000b\u0000') },
    { label: 'a 1 MB string', rawJson: JSON.stringify('x'.repeat(1_000_000)) },
    { label: 'a __proto__ object', rawJson: '{"__proto__":{"polluted":true}}' },
    { label: 'a constructor.prototype object', rawJson: '{"constructor":{"prototype":{"polluted":true}}}' },
    { label: 'objects nested 5,000 deep', rawJson: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) },
    { label: 'arrays nested 5,000 deep', rawJson: '['.repeat(5000) + ']'.repeat(5000) },
    { label: 'a huge integer', rawJson: '123456789012345678901234567890' },
    { label: 'a lone surrogate', rawJson: '"\\ud800"' },
  ];
}

/** Raw bodies that are poison as a whole, with the content type they are sent as. */
export function poisonBodies(validJson: string): { label: string; payload: string; contentType: string }[] {
  const json = 'application/json';
  const asObject = validJson.startsWith('{') && validJson !== '{}' ? validJson.slice(1) : '}';
  return [
    { label: '__proto__ at the top', payload: `{"__proto__":{"polluted":true},${asObject}`, contentType: json },
    {
      label: 'constructor.prototype at the top',
      payload: `{"constructor":{"prototype":{"polluted":true}},${asObject}`,
      contentType: json,
    },
    { label: 'the number 1e309', payload: '1e309', contentType: json },
    { label: 'arrays nested 100,000 deep', payload: '['.repeat(100_000) + ']'.repeat(100_000), contentType: json },
    {
      label: 'objects nested 50,000 deep',
      payload: '{"a":'.repeat(50_000) + 'null' + '}'.repeat(50_000),
      contentType: json,
    },
    { label: 'a 2 MB string (over the body limit)', payload: JSON.stringify('y'.repeat(2_000_000)), contentType: json },
    { label: 'broken JSON', payload: '{"a":', contentType: json },
    { label: 'an empty body', payload: '', contentType: json },
    { label: 'null', payload: 'null', contentType: json },
    { label: 'a bare string', payload: '"text"', contentType: json },
    { label: 'NUL bytes as the body', payload: '\u0000\u0000', contentType: json },
    { label: 'the valid body as text/plain', payload: validJson, contentType: 'text/plain' },
    {
      label: 'the valid body with a form content type',
      payload: validJson,
      contentType: 'application/x-www-form-urlencoded',
    },
  ];
}
