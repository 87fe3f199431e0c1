import Type from 'typebox';

/**
 * The `ticket` of a path opened by a link ticket (auth/link-ticket.schemas.ts), in its own module:
 * the app's build writes the schemas that use it as literals, and then nothing of the app's first
 * load imports TypeBox's builder through it.
 */
export const linkTicketQueryField = () => Type.Optional(Type.String({ maxLength: 2048 }));
