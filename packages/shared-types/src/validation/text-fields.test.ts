import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Type from 'typebox';
import { idField, MAX_ID } from './fields.ts';
import { convertTextFields, parseIntegerText } from './text-fields.ts';
import { validate } from './validate.ts';

const Fields = Type.Object({
  id: idField(),
  score: Type.Optional(Type.Number()),
  flag: Type.Optional(Type.Boolean()),
  maybe: Type.Optional(Type.Union([idField(), Type.Null()])),
  name: Type.Optional(Type.String()),
});

function read(value: Record<string, unknown>) {
  return convertTextFields(Fields, value) as Record<string, unknown>;
}

test('plain decimal text becomes a number', () => {
  assert.equal(read({ id: '16', score: '7.25', flag: 'true', maybe: '3', name: '12' }), {
    id: 16,
    score: 7.25,
    flag: true,
    maybe: 3,
    name: '12',
  });
  assert.equal(read({ id: '-1', score: '-0.5' }), { id: -1, score: -0.5 });
  assert.ok(validate(Fields, read({ id: '16', score: '8' })).ok);
});

test('any other spelling of a number stays text, so the check fails', () => {
  for (const text of [
    '0x10',
    '0b10000',
    '0o20',
    '1.6e1',
    '16.0',
    '1.5',
    ' 16',
    '16 ',
    '+16',
    '016',
    '',
    '1_6',
    'Infinity',
  ]) {
    const converted = read({ id: text });
    assert.is(converted.id, text, `'${text}' kept as text`);
    assert.not.ok(validate(Fields, converted).ok, `'${text}' refused`);
  }
  for (const text of ['0x8', '0b1010', '1e1', ' 8', '8.', '.5', 'NaN']) {
    assert.is(read({ id: '1', score: text }).score, text, `score '${text}' kept as text`);
  }
});

test('numbers that are not text are left alone: a JSON 1.5 is no id, not 1', () => {
  const converted = read({ id: 1.5, score: 7 });
  assert.equal(converted, { id: 1.5, score: 7 });
  assert.not.ok(validate(Fields, converted).ok);
});

test('an id is a positive whole number no larger than a 32-bit key', () => {
  assert.not.ok(validate(Fields, { id: 0 }).ok);
  assert.not.ok(validate(Fields, { id: -1 }).ok);
  assert.ok(validate(Fields, { id: MAX_ID }).ok);
  assert.not.ok(validate(Fields, { id: MAX_ID + 1 }).ok);
  assert.not.ok(validate(Fields, read({ id: '99999999999999999999' })).ok);
});

test('parseIntegerText reads plain decimal whole numbers only', () => {
  assert.is(parseIntegerText('42'), 42);
  assert.is(parseIntegerText('0x2a'), undefined);
  assert.is(parseIntegerText('4.2'), undefined);
  assert.is(parseIntegerText('042'), undefined);
});

test.run();
