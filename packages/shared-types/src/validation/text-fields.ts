import type { TSchema } from 'typebox';

/** Plain decimal whole numbers: no sign but '-', no leading zeros, no spaces, no `0x`/`0b`/`1e1`. */
const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;
/** Plain decimal numbers: digits with an optional fraction, nothing else. */
const DECIMAL_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

type TextKind = 'integer' | 'number' | 'boolean';

/**
 * Turns the text of a path, a query string or a form field into the numbers and booleans its
 * schema asks for, strictly (decisions.md §7 "Ids"): only plain decimal text becomes a number,
 * so `0x10`, `0b1010`, `1e1`, ` 1` stay text and fail the schema's check, and `1.5` is no
 * integer. TypeBox's own `Value.Convert` reads `0x10` as 16 and truncates `1.5` to 1, which
 * once let `judge/0x10/archive` archive judge 16. Values that are not text (a JSON body's
 * numbers) are left as they are, so a JSON `1.5` for an id fails instead of becoming 1.
 */
export function convertTextFields(schema: TSchema, value: unknown): unknown {
  if (!isRecord(value)) return value;
  const properties = propertiesOf(schema);
  const converted: Record<string, unknown> = { ...value };
  for (const [key, text] of Object.entries(value)) {
    if (typeof text !== 'string') continue;
    const kind = kindOf(properties[key]);
    if (kind !== undefined) converted[key] = fromText(kind, text);
  }
  return converted;
}

/** The number a plain decimal whole-number text stands for, or undefined (any other text). */
export function parseIntegerText(text: string): number | undefined {
  const value = fromText('integer', text);
  return typeof value === 'number' ? value : undefined;
}

function fromText(kind: TextKind, text: string): unknown {
  switch (kind) {
    case 'integer': {
      const value = INTEGER_TEXT.test(text) ? Number(text) : Number.NaN;
      return Number.isSafeInteger(value) ? value : text;
    }
    case 'number': {
      const value = DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN;
      return Number.isFinite(value) ? value : text;
    }
    case 'boolean': {
      const lower = text.toLowerCase();
      if (lower === 'true' || lower === '1') return true;
      if (lower === 'false' || lower === '0') return false;
      return text;
    }
  }
}

/** What a property's text should become: its own type, or the first convertible member of a union. */
function kindOf(schema: unknown): TextKind | undefined {
  if (!isRecord(schema)) return undefined;
  if (schema.type === 'integer' || schema.type === 'number' || schema.type === 'boolean') return schema.type;
  if (Array.isArray(schema.anyOf)) {
    for (const member of schema.anyOf) {
      const kind = kindOf(member);
      if (kind !== undefined) return kind;
    }
  }
  return undefined;
}

function propertiesOf(schema: unknown): Record<string, unknown> {
  return isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
