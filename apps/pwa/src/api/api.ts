import { sessionStore } from '../session/app-session.ts';
import { createApiClient } from './api-client.ts';

/** The app's API client, sending the stored session's token. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => sessionStore.get()?.token ?? null,
});
