// Set-up shared by the public request tests (requests*.routes.test.ts).
import { suite } from 'uvu';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { stateIdByCode } from '../../test-support/factories.ts';

export function contact(stateId: number, captcha: string) {
  return {
    state: { stateId, stateName: 'Delaware' },
    firstName: 'Jo',
    lastName: 'Parker',
    email: 'jo.parker@example.test',
    phone: '302-555-0142',
    comments: 'How do we register two teams?',
    captcha,
  };
}

export interface Context {
  t: TestApp;
  delawareId: number;
}

/** A suite whose every test gets a fresh app and Delaware's id. */
export function createRequestsSuite(title: string) {
  const Requests = suite<Context>(title);
  Requests.before.each(async (context) => {
    context.t = await buildTestApp();
    context.delawareId = await stateIdByCode(context.t.db, 'DE');
  });
  Requests.after.each(async (context) => {
    await context.t.close();
  });
  return Requests;
}
