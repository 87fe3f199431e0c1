// What one transaction has found, kept for its later statements: what it rests on does not
// change inside the transaction (shared/schedule-reads.ts, features/scores/cell-rules.ts).
import type { Db } from './tables.ts';

/** A map per transaction, made on first use; `undefined` outside a transaction, where nothing is kept. */
export function transactionMemo<Value>(): (db: Db) => Map<string, Value> | undefined {
  const memos = new WeakMap<Db, Map<string, Value>>();
  return (db) => {
    if (!db.isTransaction) return undefined;
    let memo = memos.get(db);
    if (memo === undefined) {
      memo = new Map();
      memos.set(db, memo);
    }
    return memo;
  };
}
