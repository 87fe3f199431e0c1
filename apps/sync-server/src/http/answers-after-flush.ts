// No answer leaves the server before the commits made ahead of it are on disk (group commit,
// db/commit-flush.ts): a push's answer tells the device it may delete its copy, and any other
// answer may show what a push wrote (a pull's changes and cursor, a coordinator's screen). An
// answer with nothing newer than the last flush goes at once; a server error shows nothing
// written, so it never waits (and an error of the flush itself answers with one).
import { commitFlusherOf, type Db } from '../db/database.ts';
import type { AppInstance } from './app-instance.ts';

export function registerAnswersAfterFlush(app: AppInstance, db: Db): void {
  const flusher = commitFlusherOf(db);
  if (flusher === undefined) return;
  app.addHook('onSend', (_request, reply, payload, done) => {
    const durable = reply.statusCode >= 500 ? undefined : flusher.whenDurable();
    if (durable === undefined) {
      done(null, payload);
      return;
    }
    durable.then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
