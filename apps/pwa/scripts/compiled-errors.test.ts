// The error lists the app's build compiles (compiled-errors.ts, served by compiled-checks-plugin.ts)
// against TypeBox's interpreter, which worded the forms' messages before: for every schema the
// shared package exports, on values near valid ones and on anything at all, the compiled list
// must equal `Value.Errors` (keywords, paths, params, messages, order), so every form's messages
// (`describeErrors`) stay the same words.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as shared from '@judging/shared-types';
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { Settings } from 'typebox/system';
import Value from 'typebox/value';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkModule, errorsModule, listEvery } from './compiled-checks-plugin.ts';
import { MAX_ERRORS } from './compiled-errors.ts';

// The limit the browser gave TypeBox's interpreter when it worded the forms.
Settings.Set({ maxErrors: MAX_ERRORS });

const here = path.dirname(fileURLToPath(import.meta.url));

interface Compiled {
  Check: (value: unknown, schema: TSchema) => boolean;
  Errors: (value: unknown, schema: TSchema) => unknown[];
}

/** Writes the generated check and error modules beside the app (where `typebox` resolves) and loads them. */
async function loadModule(key: string, schema: TSchema): Promise<Compiled> {
  const folder = mkdtempSync(path.join(here, '.compiled-errors-'));
  try {
    writeFileSync(path.join(folder, 'check.mjs'), checkModule(key, schema));
    writeFileSync(path.join(folder, 'errors.mjs'), errorsModule(key, schema));
    const { Check } = (await import(pathToFileURL(path.join(folder, 'check.mjs')).href)) as Pick<Compiled, 'Check'>;
    const { Errors } = (await import(pathToFileURL(path.join(folder, 'errors.mjs')).href)) as Pick<Compiled, 'Errors'>;
    return { Check, Errors };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Every schema the shared package exports, records of schemas included: the app's build compiles each. */
const schemas: [string, TSchema][] = [...listEvery(shared)].map(([key, entry]) => [key, entry.schema]);

/** The forms' schemas: each must compile (a form's messages never need the interpreter). */
const FORM_SCHEMAS = [
  'LoginRequestSchema',
  'SchoolDetailsSchema',
  'SectionFormSchema',
  'AccountUserInputSchema',
  'CategoryNameBodySchema',
  'UpdateSchoolStudentsSchema',
  'AccountCreateSchema',
  'DisqualificationInputSchema',
  'PenaltyCreateSchema',
  'JudgeCreateSchema',
  'ResetPasswordSchema',
  'JudgeRegistrationSchema',
  'SendResetPasswordSchema',
  'HelpFileUploadFieldsSchema',
  'UserSettingsUpdateSchema',
];

const texts = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '   ',
    'a',
    'judge@example.org',
    'not an email',
    'x'.repeat(300),
    'x'.repeat(5000),
    '-1',
    '0',
  ),
);
const replacements = fc.oneof(
  { weight: 3, arbitrary: texts },
  { weight: 1, arbitrary: fc.anything() },
  { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, 0, 1.5, 2147483648, true, [], {}) },
);

function startOf(schema: TSchema): unknown {
  try {
    return Value.Create(schema);
  } catch {
    return {};
  }
}

/** Every path into a value, the value itself included, and each property the schema names. */
function pathsOf(value: unknown, schema: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, undefined, [...prefix, index])));
  else if (value !== null && typeof value === 'object') {
    const keys = new Set([...Object.keys(value), ...Object.keys(properties)]);
    for (const key of keys) {
      paths.push(...pathsOf((value as Record<string, unknown>)[key], properties[key], [...prefix, key]));
    }
  }
  return paths;
}

function replaceAt(value: unknown, parts: readonly (string | number)[], replacement: unknown): unknown {
  if (parts.length === 0) return replacement;
  const [head, ...rest] = parts;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { ...record, [head as string]: replaceAt(record[head as string], rest, replacement) };
}

const refused: string[] = [];
for (const [key, schema] of schemas) {
  let compiled: Promise<Compiled> | undefined;
  try {
    errorsModule(key, schema);
    compiled = loadModule(key, schema);
  } catch (error) {
    refused.push(`${key}: ${(error as Error).message}`);
    continue;
  }
  test(`${key}: the compiled errors are TypeBox's interpreter's`, async () => {
    const { Check, Errors } = await compiled;
    const start = startOf(schema);
    const paths = pathsOf(start, schema);
    let failing = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...paths), replacements), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (changes, isAnything) => {
          const value = isAnything
            ? changes[0]![1]
            : changes.reduce((at, [where, to]) => replaceAt(at, where, to), start);
          const expected = [...Value.Errors(schema, value)];
          if (expected.length > 0) failing += 1;
          assert.equal(Errors(value, schema), expected, JSON.stringify(value));
          assert.is(Check(value, schema), Value.Check(schema, value), JSON.stringify(value));
          assert.equal(
            shared.describeErrors(schema, value, Errors(value, schema) as never),
            shared.describeErrors(schema, value, expected),
          );
        },
      ),
      { numRuns: 150 },
    );
    assert.ok(failing > 30, `only ${failing} of 150 values failed`);
  });
}

test('every form schema compiles', () => {
  const missing = FORM_SCHEMAS.filter((name) => refused.some((line) => line.startsWith(`${name}:`)));
  assert.equal(missing, [], refused.join('\n'));
});

test('what the generator refuses, it refuses by name at build time', () => {
  console.log(`compiled ${schemas.length - refused.length} of ${schemas.length}; refused:\n${refused.join('\n')}`);
});

// Last: registering changes `validate` for the rest of the process.
test('the shared rules the forms run (events, school registration) answer the same with the compiled validators', async () => {
  const today = '2026-03-01';
  const rules: [string, TSchema, (value: unknown) => unknown][] = [
    ['CreateEventSchema', shared.CreateEventSchema, (value) => shared.validateNewEvent(value, today)],
    ['UpdateEventSchema', shared.UpdateEventSchema, (value) => shared.validateEventUpdate(value, today, '2026-02-01')],
    ['SchoolRegistrationSchema', shared.SchoolRegistrationSchema, (value) => shared.validateSchoolRegistration(value)],
  ];
  const cases = rules.map(([key, schema, rule]) => {
    const start = startOf(schema);
    const values = fc
      .sample(
        fc.array(fc.tuple(fc.constantFrom(...pathsOf(start, schema)), replacements), { minLength: 1, maxLength: 4 }),
        { numRuns: 200, seed: 41 },
      )
      .map((changes) => changes.reduce<unknown>((at, [where, to]) => replaceAt(at, where, to), start));
    // Worded by TypeBox's interpreter: nothing is registered yet.
    return { key, rule, values, expected: values.map((value) => rule(value)) };
  });
  for (const [key, schema] of schemas) {
    const { Check, Errors } = await loadModule(key, schema);
    shared.registerCompiledChecks([
      [schema, (value) => Check(value, schema), (value) => Errors(value, schema) as never],
    ]);
  }
  for (const { key, rule, values, expected } of cases) {
    values.forEach((value, index) => assert.equal(rule(value), expected[index], `${key}: ${JSON.stringify(value)}`));
    assert.ok(
      expected.filter((result) => !(result as { ok: boolean }).ok).length > 50,
      `${key}: too few refused values to compare`,
    );
  }
});

test.run();
