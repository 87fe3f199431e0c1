import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inTransaction, openMigratedDatabase } from './database.ts';
import { prepareQuery } from './prepared-query.ts';

const stateByCode = prepareQuery((db, code: string) =>
  db.selectFrom('state').select(['state_id', 'state_code']).where('state_code', '=', code),
);

test('a prepared query binds each call its own parameters and keeps the constants it was built with', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'prepared-query-'));
  const db = await openMigratedDatabase(path.join(directory, 'test.db'));
  try {
    const constants = prepareQuery((db, lowest: number) =>
      db
        .selectFrom('state')
        .select('state_code')
        .where('state_id', '>=', lowest)
        .where('state_code', 'in', ['DE', 'PA', 'NJ'])
        .orderBy('state_code')
        .limit(2),
    );
    assert.equal(await constants.all(db, 0), [{ state_code: 'DE' }, { state_code: 'NJ' }]);
    const delaware = await stateByCode.first(db, 'DE');
    const pennsylvania = await stateByCode.first(db, 'PA');
    assert.is(delaware?.state_code, 'DE');
    assert.is(pennsylvania?.state_code, 'PA');
    assert.is.not(delaware?.state_id, pennsylvania?.state_id);
    assert.is(await stateByCode.first(db, 'XX'), undefined);
    // The same parameter used twice is bound in both places.
    const twice = prepareQuery((db, code: string) =>
      db.selectFrom('state').select('state_code').where('state_code', '=', code).where('state_code', '>=', code),
    );
    assert.equal(await twice.all(db, 'DE'), [{ state_code: 'DE' }]);
    // Inside inTransaction it runs on the connection directly, with the same answer.
    assert.is((await inTransaction(db, (trx) => stateByCode.first(trx, 'DE')))?.state_id, delaware?.state_id);
  } finally {
    await db.destroy();
    rmSync(directory, { recursive: true, force: true });
  }
});

test('a parameter the SQL does not use as a value is refused when the query is prepared', () => {
  assert.throws(
    () => prepareQuery((db, _unused: number) => db.selectFrom('state').select('state_code')),
    /parameter 1 is not a value/,
  );
});

test.run();
