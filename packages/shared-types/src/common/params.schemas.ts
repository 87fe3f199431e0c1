import Type, { type Static } from 'typebox';
import { idField } from '../validation/fields.ts';

/** `:stateId` in a path: lists per state (`state/:stateId/...`) and accounts (`account/:stateId`). */
export const StatePathParamsSchema = Type.Object({ stateId: idField() });
export type StatePathParams = Static<typeof StatePathParamsSchema>;

/** A record id in a page's path (`/admin/event-detail/12`): a positive whole number the server accepts. */
export const PathIdSchema = idField();

/** A value of a page's search (`?token=…`): kept only when it is a non-empty text of sensible length. */
export const SearchTextSchema = Type.String({ minLength: 1, maxLength: 1024 });

/** The answer of a change that returns nothing but its message. */
export const SuccessMessageSchema = Type.Object(
  { status: Type.Literal('Success'), message: Type.String() },
  { title: 'SuccessMessage' },
);
export type SuccessMessage = Static<typeof SuccessMessageSchema>;

/** Optional free text in a request: absent, null or '' all mean "none". */
export function optionalNullableText(maxLength: number) {
  return Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
}

/** The stored form of an optional text: trimmed, or null when blank. */
export function normalizeOptionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
