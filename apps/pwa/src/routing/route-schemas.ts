import { notFound } from '@tanstack/react-router';
import { parseIntegerText } from '@judging/shared-types';
// The shared schemas' checks compiled when the app is built (scripts/compiled-checks-plugin.ts):
// routing runs on every page, and TypeBox's interpreter stays out of the first load.
import { Check as isPathId } from 'virtual:compiled-check:PathIdSchema';
import { Check as isSearchText } from 'virtual:compiled-check:SearchTextSchema';

/** A search value kept only when it is a non-empty text of sensible length (`SearchTextSchema`). */
export function isOptionalSearchText(value: unknown): value is string {
  return isSearchText(value);
}

/**
 * A `validateSearch` from one check per search value: a value that fails its check is dropped
 * instead of failing the whole route.
 */
export function searchValidator<T extends object>(checks: {
  [K in keyof T]-?: (value: unknown) => value is NonNullable<T[K]>;
}) {
  return (raw: Record<string, unknown>): Partial<T> => {
    const kept: Partial<T> = {};
    for (const key of Object.keys(checks) as (keyof T & string)[]) {
      const value = raw[key];
      if (value !== undefined && checks[key](value)) kept[key] = value as T[typeof key];
    }
    return kept;
  };
}

/** `params` for routes whose path params are all record ids; anything else is a not-found page. */
export function idParams<K extends string>(...names: readonly K[]) {
  return {
    parse(raw: Record<K, string>): Record<K, number> {
      const parsed: Partial<Record<K, number>> = {};
      for (const name of names) {
        const text = raw[name];
        const value = parseIntegerText(text);
        if (value === undefined || !isPathId(value)) throw notFound();
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
export type TokenSearch = { token?: string };
export const validateTokenSearch: (raw: Record<string, unknown>) => TokenSearch = searchValidator<TokenSearch>({
  token: isOptionalSearchText,
});
