// What an outbox email attaches, kept as a description (which document, which file name), not as
// bytes: the mailer asks the app's renderer for the bytes when it sends (app.ts wires the feedback
// packets' one), so a queued email costs a row, SMTP being down loses nothing, and an email
// never carries a document the server would no longer print
// (docs/decisions/0155-packet-emails-render-when-sent.md).
import type { Readable } from 'node:stream';

export interface AttachmentRecipe {
  /** Which renderer makes it ('feedback-packet'). */
  kind: string;
  fileName: string;
  contentType: string;
  /** What the renderer needs to find the document (ids). */
  params: Record<string, number>;
}

/** Makes an attachment's bytes; throws when it cannot (the email stays queued for a retry). */
export type AttachmentRenderer = (recipe: AttachmentRecipe) => Promise<Readable>;

export function attachmentsToJson(recipes: readonly AttachmentRecipe[] | undefined): string | null {
  return recipes === undefined || recipes.length === 0 ? null : JSON.stringify(recipes);
}

export function attachmentsFromJson(json: string | null): AttachmentRecipe[] {
  return json === null ? [] : (JSON.parse(json) as AttachmentRecipe[]);
}
