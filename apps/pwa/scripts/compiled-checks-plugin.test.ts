// The checks the app's build compiles ahead (compiled-checks-plugin.ts) against TypeBox's own
// interpreter: written out as modules and loaded, they must give the same answer for valid
// values and for valid values with any one part replaced by anything at all.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as shared from '@judging/shared-types';
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkModule,
  checksModule,
  compiledChecksPlugin,
  listEvery,
  listFrom,
  namedInBrowserCode,
  validatorsModule,
} from './compiled-checks-plugin.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes the generated module beside the app (where `typebox` resolves) and loads its check. */
async function loadCheck(key: string, schema: TSchema): Promise<(value: unknown) => boolean> {
  const folder = mkdtempSync(path.join(here, '.compiled-check-'));
  try {
    const file = path.join(folder, 'check.mjs');
    writeFileSync(file, checkModule(key, schema));
    const module = (await import(pathToFileURL(file).href)) as { Check: (value: unknown) => boolean };
    return module.Check;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const UUID = '0190e2c1-1002-7000-8000-000000000001';
const SHA256 = 'a'.repeat(64);

const samples: { key: string; schema: TSchema; valid: unknown[] }[] = [
  {
    key: 'PushResponseSchema',
    schema: shared.PushResponseSchema,
    valid: [
      { results: [], cursor: 0 },
      {
        results: [
          { id: UUID, status: 'applied', rev: 3 },
          { id: UUID, status: 'duplicate' },
          { id: UUID, status: 'rejected', code: 'not_assigned', message: 'Not yours' },
        ],
        cursor: 42,
      },
    ],
  },
  {
    key: 'MutationDataSchemas/subsectionScore.put',
    schema: shared.MutationDataSchemas['subsectionScore.put'],
    valid: [
      {
        scoreId: UUID,
        eventId: 1,
        categoryId: 2,
        sectionId: 3,
        schoolId: 4,
        subsectionId: 5,
        score: 3.25,
        comments: 'Clean station',
        photoSha256: SHA256,
      },
      { scoreId: UUID, eventId: 1, categoryId: 2, sectionId: 3, schoolId: 4, subsectionId: 5, score: 1 },
    ],
  },
];

/** Anything at all, with the values near a schema's edges more often than chance gives them. */
const replacements = fc.oneof(
  fc.anything(),
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.constantFrom(
    '',
    'applied',
    'duplicate',
    'rejected',
    'photo_missing',
    UUID,
    SHA256,
    'x'.repeat(2001),
    null,
    undefined,
  ),
);

/** A copy of `value` with the part at `path` (object keys and array indexes) replaced. */
function replaceAt(value: unknown, parts: readonly (string | number)[], replacement: unknown): unknown {
  if (parts.length === 0) return replacement;
  const [head, ...rest] = parts;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head as string]: replaceAt(record[head as string], rest, replacement) };
}

/** Every path into a value, the value itself included. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

for (const { key, schema, valid } of samples) {
  test(`${key}: the compiled check answers as TypeBox's interpreter does`, async () => {
    const check = await loadCheck(key, schema);
    for (const value of valid) {
      assert.ok(Value.Check(schema, value), 'the sample is valid');
      assert.ok(check(value), `the compiled check accepts ${JSON.stringify(value)}`);
    }
    let refused = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...valid).chain((value) => fc.tuple(fc.constant(value), fc.constantFrom(...pathsOf(value)))),
        replacements,
        ([value, at], replacement) => {
          const changed = replaceAt(value, at, replacement);
          const expected = Value.Check(schema, changed);
          if (!expected) refused += 1;
          return check(changed) === expected;
        },
      ),
      { numRuns: 1000 },
    );
    // The property met refusals, not only values that stayed valid.
    assert.ok(refused > 200, `only ${refused} of 1000 changed values were refused`);
  });
}

test('the patterns a schema holds are written into its module', () => {
  const code = checkModule(
    'MutationDataSchemas/subsectionScore.put',
    shared.MutationDataSchemas['subsectionScore.put'],
  );
  assert.match(code, /SetExternal\(\{ variables: \[\/\^\[0-9a-fA-F\]\{8\}/);
});

test('a string format is checked by TypeBox’s own format check, imported by name', async () => {
  const code = checkModule('LoginRequestSchema', shared.LoginRequestSchema);
  assert.match(code, /import \{ IsEmail as Format_IsEmail \} from ".*\/typebox\/build\/format\/email\.mjs";/);
  const check = await loadCheck('LoginRequestSchema', shared.LoginRequestSchema);
  for (const value of [
    { username: 'judge@example.org', password: 'secret' },
    { username: 'not an email', password: 'secret' },
    { username: 'judge@example.org', password: '' },
    { username: '', password: 'secret', captcha: 'x' },
    {},
  ]) {
    assert.is(check(value), Value.Check(shared.LoginRequestSchema, value), JSON.stringify(value));
  }
});

test('a schema with a refinement (a function) is checked with the refinements of the schema it is given', async () => {
  const schema = shared.ResetPasswordSchema;
  const folder = mkdtempSync(path.join(here, '.compiled-check-'));
  try {
    const file = path.join(folder, 'check.mjs');
    writeFileSync(file, checkModule('ResetPasswordSchema', schema));
    const { Check } = (await import(pathToFileURL(file).href)) as { Check: (value: unknown, of: TSchema) => boolean };
    for (const value of [
      { password: 'Correct-horse-42', confirmPassword: 'Correct-horse-42', token: 't' },
      { password: 'Correct-horse-42', confirmPassword: 'Another-horse-42', token: 't' },
      { password: '', confirmPassword: '', token: '' },
    ]) {
      assert.is(Check(value, schema), Value.Check(schema, value), JSON.stringify(value));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the app module pairs each listed schema, records included, with its check', () => {
  const listed = listFrom(shared, { schemas: ['PushResponseSchema'], schemaRecords: ['MutationDataSchemas'] });
  assert.equal(
    [...listed.keys()],
    ['PushResponseSchema', ...Object.keys(shared.MutationDataSchemas).map((kind) => `MutationDataSchemas/${kind}`)],
  );
  assert.is(
    listed.get('MutationDataSchemas/subsectionScore.put')?.schema,
    shared.MutationDataSchemas['subsectionScore.put'],
  );
  const code = checksModule(listed);
  assert.match(code, "import { Check as check0 } from 'virtual:compiled-check:PushResponseSchema';");
  assert.match(code, '[shared.PushResponseSchema, check0]');
  assert.match(code, '[shared.MutationDataSchemas["subsectionScore.put"], check1]');
});

test('an on-demand schema has its check module but stays out of the app module every page loads', async () => {
  const plugin = compiledChecksPlugin({ schemas: ['PushResponseSchema'], onDemandSchemas: ['ResultsReportSchema'] });
  const resolve = plugin.resolveId as (id: string) => string | undefined;
  const load = plugin.load as (id: string) => Promise<string | undefined>;
  const appModule = (await load(resolve('virtual:compiled-checks')!)) ?? '';
  assert.not.match(appModule, 'ResultsReportSchema');
  const checkCode = (await load(resolve('virtual:compiled-check:ResultsReportSchema')!)) ?? '';
  assert.match(checkCode, 'export function Check(value)');
});

test('a listed name the shared package does not export fails the build', () => {
  assert.throws(() => listFrom(shared, { schemas: ['NoSuchSchema'] }), /exports no NoSuchSchema/);
});

test('the plugin serves the app module and each check module', async () => {
  const plugin = compiledChecksPlugin({ schemas: ['PushResponseSchema'] });
  const resolve = plugin.resolveId as (id: string) => string | undefined;
  const load = plugin.load as (id: string) => Promise<string | undefined>;
  const appModule = resolve('virtual:compiled-checks');
  assert.is(appModule, '\0virtual:compiled-checks');
  assert.match((await load(appModule!)) ?? '', 'compiledChecks = [[shared.PushResponseSchema, check0]]');
  const checkModuleId = resolve('virtual:compiled-check:PushResponseSchema');
  assert.match((await load(checkModuleId!)) ?? '', 'export function Check(value)');
  assert.is(resolve('./something-else.ts'), undefined);
});

test('validate uses a registered check for its schema, and the interpreter for the others', () => {
  const schema = shared.PhotoUploadResponseSchema;
  const value = Value.Create(schema);
  let calls = 0;
  shared.registerCompiledChecks([
    [
      schema,
      (checked) => {
        calls += 1;
        return Value.Check(schema, checked);
      },
    ],
  ]);
  assert.ok(shared.validate(schema, value).ok);
  assert.not.ok(shared.validate(schema, { ...(value as object), sha256: 7 }).ok);
  assert.is(calls, 2);
  assert.ok(shared.validate(shared.PushResponseSchema, { results: [], cursor: 0 }).ok);
  assert.is(calls, 2);
});

test('the validators module registers each schema with its check, and its error list when it carries messages', () => {
  const every = listEvery(shared);
  const code = validatorsModule(
    new Map([...every].filter(([key]) => ['LoginRequestSchema', 'PushResponseSchema'].includes(key))),
  );
  assert.match(code, "import { Errors as errors0 } from 'virtual:compiled-errors:LoginRequestSchema';");
  assert.match(
    code,
    '[shared.LoginRequestSchema, (value) => check0(value, shared.LoginRequestSchema), (value) => errors0(value, shared.LoginRequestSchema)]',
  );
  // An answer's schema words nothing to anyone: no error list is shipped for it.
  assert.not.match(code, 'virtual:compiled-errors:PushResponseSchema');
  assert.match(code, '[shared.PushResponseSchema, (value) => check1(value, shared.PushResponseSchema)]');
});

test('the browser names: every identifier of the app, and what the shared rules pass to validate', () => {
  const folder = mkdtempSync(path.join(here, '.named-'));
  const sharedFolder = path.join(folder, 'shared-types', 'src');
  try {
    mkdirSync(path.join(folder, 'app'), { recursive: true });
    mkdirSync(sharedFolder, { recursive: true });
    writeFileSync(path.join(folder, 'app', 'form.tsx'), 'useSchemaForm(LoginRequestSchema, {});');
    writeFileSync(path.join(folder, 'app', 'form.test.ts'), 'validate(OnlyInATestSchema, 1);');
    writeFileSync(
      path.join(sharedFolder, 'rules.ts'),
      'export const X = Type.Object({}); validate(CreateEventSchema, v);',
    );
    const named = namedInBrowserCode([path.join(folder, 'app'), sharedFolder]);
    assert.ok(named.has('LoginRequestSchema'));
    assert.ok(named.has('CreateEventSchema'));
    assert.not.ok(named.has('OnlyInATestSchema'));
    assert.not.ok(named.has('X'), 'a shared schema only defined is not named by the browser');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test.run();
