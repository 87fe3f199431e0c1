// The public request forms refuse what they must: the captcha and every field message, nothing stored.
import type { Challenge } from 'altcha-lib';
import * as assert from 'uvu/assert';
import { buildTestApp } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { snapshotTables } from '../../test-support/factories.ts';
import { postgresTestServer } from '../../test-support/test-database.ts';
import { createRequestsSuite, contact } from './requests.routes.fixtures.ts';

const Requests = createRequestsSuite('public requests: captcha and validation');

const requestTables = ['public_request', 'email_outbox'] as const;

Requests(
  'captcha: missing, garbage, forged or replayed solutions are refused and nothing is stored',
  async ({ t, delawareId }) => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      payload: { ...contact(delawareId, ''), captcha: undefined },
    });
    assert.is(missing.statusCode, 400);
    assert.equal(missing.json().errors, [{ field: 'captcha', message: 'Please confirm you are not a robot' }]);

    const solved = await solveCaptcha(t.app);
    const decoded = JSON.parse(Buffer.from(solved, 'base64').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const forgeries: Array<[string, string]> = [
      ['not base64 json', 'abc'],
      ['no solution', encode({ challenge: decoded.challenge })],
      ['a guessed key', encode({ ...decoded, solution: { counter: 1, derivedKey: 'ab'.repeat(32) } })],
      [
        'a tampered challenge',
        encode({
          ...decoded,
          challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, cost: 2 } },
        }),
      ],
      ['an unsigned challenge', encode({ ...decoded, challenge: { parameters: decoded.challenge.parameters } })],
      [
        'a later expiry',
        encode({
          ...decoded,
          challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, expiresAt: 4102444800 } },
        }),
      ],
    ];
    for (const [label, captcha] of forgeries) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/email/contact-us',
        payload: contact(delawareId, captcha),
      });
      assert.is(response.statusCode, 400, label);
      assert.is(response.json().code, 'CAPTCHA_FAILED', label);
      assert.is(response.json().message, 'The captcha could not be verified, please try again.');
    }
    assert.equal(await snapshotTables(t.db, requestTables), { public_request: [], email_outbox: [] });

    const first = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      payload: contact(delawareId, solved),
    });
    assert.is(first.statusCode, 201, 'the genuine solution still works once');
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      payload: contact(delawareId, solved),
    });
    assert.is(replay.statusCode, 400);
    assert.is(replay.json().code, 'CAPTCHA_FAILED');
    const replayElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/email/admin',
      payload: contact(delawareId, solved),
    });
    assert.is(replayElsewhere.statusCode, 400, 'nor on another form');
    assert.is((await t.db.selectFrom('public_request').selectAll().execute()).length, 1);
  },
);

if (postgresTestServer() === undefined) {
  Requests(
    'captcha: a challenge from before a restart is refused (its used solutions were forgotten)',
    async ({ t, delawareId }) => {
      const solved = await solveCaptcha(t.app);
      const restarted = await buildTestApp({ DATA_DIR: t.config.dataDir });
      try {
        const response = await restarted.app.inject({
          method: 'POST',
          url: '/api/email/contact-us',
          payload: contact(delawareId, solved),
        });
        assert.is(response.statusCode, 400);
        assert.is(response.json().code, 'CAPTCHA_FAILED');
      } finally {
        await restarted.close();
      }
    },
  );
} else {
  // On PostgreSQL the used solutions are rows that a restart (or another process) keeps
  // (decision 0139): a challenge from before a restart is good, once.
  Requests(
    'captcha: a challenge from before a restart counts once, before or after it (its uses are in the database)',
    async ({ t, delawareId }) => {
      const solved = await solveCaptcha(t.app);
      const restarted = await buildTestApp({ DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.database });
      try {
        const send = (app: typeof t.app) =>
          app.inject({ method: 'POST', url: '/api/email/contact-us', payload: contact(delawareId, solved) });
        assert.is((await send(restarted.app)).statusCode, 201, 'accepted after the restart');
        for (const app of [restarted.app, t.app]) {
          const replay = await send(app);
          assert.is(replay.statusCode, 400);
          assert.is(replay.json().code, 'CAPTCHA_FAILED');
        }
      } finally {
        await restarted.close();
      }
    },
  );
}

Requests(
  'validation: the seed messages of the three forms; an unknown state; nothing stored',
  async ({ t, delawareId }) => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), state: undefined }, 'state', 'State is required'],
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), firstName: '' }, 'firstName', 'First Name is required'],
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), lastName: ' ' }, 'lastName', 'Last Name is required'],
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), email: '' }, 'email', 'Email is required'],
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), email: 'jo@' }, 'email', 'Email format is invalid'],
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), phone: '' }, 'phone', 'Phone Number is required'],
      [
        '/api/email/contact-us',
        { ...contact(delawareId, 'x'), comments: '' },
        'comments',
        'Please provide a reason why you are contacting us',
      ],
      ['/api/email/admin', { ...contact(delawareId, 'x'), phone: undefined }, 'phone', 'Phone Number is required'],
      [
        '/api/email/updateSchool',
        { ...contact(delawareId, 'x'), eventName: 'E' },
        'schoolName',
        'School Name is required',
      ],
      [
        '/api/email/updateSchool',
        { ...contact(delawareId, 'x'), schoolName: 'S' },
        'eventName',
        'Event Name is required',
      ],
      [
        '/api/email/updateSchool',
        { ...contact(delawareId, 'x'), schoolName: 'S', eventName: 'E', comments: ' ' },
        'comments',
        'Please provide a reason for the change',
      ],
      ['/api/email/contact-us', { ...contact(99999, 'x') }, 'state.stateId', 'State is required'],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url, payload });
      assert.is(response.statusCode, 400, `${url} ${message}`);
      assert.equal(response.json().errors[0], { field, message }, `${url} ${message}`);
    }
    assert.equal(await snapshotTables(t.db, requestTables), { public_request: [], email_outbox: [] });
  },
);

Requests(
  'captcha on every public form: missing or forged is refused and nothing is stored',
  async ({ t, delawareId }) => {
    const challenge = (await t.app.inject('/api/captcha/challenge')).json() as Challenge;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const forms: Array<[string, Record<string, unknown>]> = [
      ['/api/email/contact-us', contact(delawareId, '')],
      ['/api/email/admin', { ...contact(delawareId, ''), comments: undefined }],
      [
        '/api/email/updateSchool',
        { ...contact(delawareId, ''), schoolName: 'Dover High School', eventName: 'Delaware ProStart Invitational' },
      ],
    ];
    for (const [url, body] of forms) {
      for (const captcha of [undefined, '']) {
        const response = await t.app.inject({ method: 'POST', url, payload: { ...body, captcha } });
        assert.is(response.statusCode, 400, `${url} captcha ${String(captcha)}`);
        assert.equal(response.json().errors, [{ field: 'captcha', message: 'Please confirm you are not a robot' }]);
      }
      const forgeries = [
        'abc',
        encode({ challenge }),
        encode({ challenge, solution: { counter: 1, derivedKey: 'ab'.repeat(32) } }),
      ];
      for (const captcha of forgeries) {
        const response = await t.app.inject({ method: 'POST', url, payload: { ...body, captcha } });
        assert.is(response.statusCode, 400, `${url} forged`);
        assert.is(response.json().code, 'CAPTCHA_FAILED', url);
        assert.is(response.json().message, 'The captcha could not be verified, please try again.', url);
      }
    }
    assert.equal(await snapshotTables(t.db, requestTables), { public_request: [], email_outbox: [] });
  },
);

Requests(
  'validation: every field message of the overview and change-request forms; nothing stored',
  async ({ t, delawareId }) => {
    const overview = {
      state: { stateId: delawareId },
      firstName: 'Lee',
      lastName: 'Ray',
      email: 'lee@example.test',
      phone: '3025550100',
      captcha: 'x',
    };
    const change = {
      ...overview,
      schoolName: 'Dover High School',
      eventName: 'Delaware ProStart Invitational',
      comments: 'Please move our team.',
    };
    const shared: Array<[Record<string, unknown>, string, string]> = [
      [{ state: undefined }, 'state', 'State is required'],
      [{ state: {} }, 'state.stateId', 'State is required'],
      [{ firstName: '' }, 'firstName', 'First Name is required'],
      [{ lastName: '  ' }, 'lastName', 'Last Name is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'lee@' }, 'email', 'Email format is invalid'],
      [{ phone: '' }, 'phone', 'Phone Number is required'],
    ];
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ...shared.map(([edit, field, message]): [string, Record<string, unknown>, string, string] => [
        '/api/email/admin',
        { ...overview, ...edit },
        field,
        message,
      ]),
      ...shared.map(([edit, field, message]): [string, Record<string, unknown>, string, string] => [
        '/api/email/updateSchool',
        { ...change, ...edit },
        field,
        message,
      ]),
      ['/api/email/updateSchool', { ...change, schoolName: '' }, 'schoolName', 'School Name is required'],
      ['/api/email/updateSchool', { ...change, eventName: ' ' }, 'eventName', 'Event Name is required'],
      ['/api/email/updateSchool', { ...change, comments: '' }, 'comments', 'Please provide a reason for the change'],
      ['/api/email/admin', { ...overview, state: { stateId: 99999 } }, 'state.stateId', 'State is required'],
      ['/api/email/updateSchool', { ...change, state: { stateId: 99999 } }, 'state.stateId', 'State is required'],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url, payload });
      assert.is(response.statusCode, 400, `${url} ${field} ${message}`);
      assert.equal(response.json().errors[0], { field, message }, `${url} ${field}`);
    }
    assert.equal(await snapshotTables(t.db, requestTables), { public_request: [], email_outbox: [] });
  },
);

Requests.run();
