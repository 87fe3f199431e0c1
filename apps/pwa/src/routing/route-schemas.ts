import { notFound } from '@tanstack/react-router';
import Type, { type Static, type TObject } from 'typebox';
import Value from 'typebox/value';
import { idField, parseIntegerText } from '@judging/shared-types';

/** An optional search value that is kept only when it is a non-empty string. */
export const OptionalSearchText = Type.Optional(Type.String({ minLength: 1, maxLength: 1024 }));

/**
 * A `validateSearch` from a schema whose properties are all optional: a value that does not
 * fit its property's schema is dropped instead of failing the whole route.
 */
export function searchValidator<S extends TObject>(schema: S) {
  return (raw: Record<string, unknown>): Static<S> => {
    const kept: Record<string, unknown> = {};
    for (const [key, propertySchema] of Object.entries(schema.properties)) {
      if (raw[key] !== undefined && Value.Check(propertySchema, raw[key])) kept[key] = raw[key];
    }
    if (!Value.Check(schema, kept)) throw new Error('The search schema must have only optional properties');
    return kept;
  };
}

/** A record id in a path: a positive whole number, written in plain decimal (as the server wants it). */
const IdParamSchema = idField();

/** `params` for routes whose path params are all record ids; anything else is a not-found page. */
export function idParams<K extends string>(...names: readonly K[]) {
  return {
    parse(raw: Record<K, string>): Record<K, number> {
      const parsed: Partial<Record<K, number>> = {};
      for (const name of names) {
        const text = raw[name];
        const value = parseIntegerText(text);
        if (value === undefined || !Value.Check(IdParamSchema, value)) throw notFound();
        parsed[name] = value;
      }
      return parsed as Record<K, number>;
    },
    stringify(params: Record<K, number>): Record<K, string> {
      const text: Partial<Record<K, string>> = {};
      for (const name of names) text[name] = String(params[name]);
      return text as Record<K, string>;
    },
  };
}

/** Search strings are plain text: `?token=123` stays the string '123' instead of becoming a number. */
export function parsePlainSearch(searchText: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchText));
}

export function stringifyPlainSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Search params of `/` and `/welcome`: a password-reset link's token. */
export const TokenSearchSchema = Type.Object({ token: OptionalSearchText });
export type TokenSearch = Static<typeof TokenSearchSchema>;
export const validateTokenSearch: (raw: Record<string, unknown>) => TokenSearch = searchValidator(TokenSearchSchema);
