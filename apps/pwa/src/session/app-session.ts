import { createSessionStore } from './session-store.ts';

/** The app's one session, kept in this browser's localStorage. */
export const sessionStore = createSessionStore(window.localStorage);
