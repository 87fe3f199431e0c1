// Who may call each route: the one declared policy, from the spec (seed-spec.md §6, decisions
// §3, §7, §8) and docs/decisions/. `authorization-matrix.test.ts` calls every registered
// route as every kind of caller and holds the server to this table; a route missing here
// fails that test, so a new route is covered the day it is added. This file states the
// INTENDED policy: where the server disagrees, the server is wrong.
import { ACCOUNT_MANAGER_ROLES, ADMIN_AREA_ROLES, EDITOR_ROLES, Role, hasRole } from '@judging/shared-types';

/** What the rules know about one call: who calls, and about which record. */
export interface CallFacts {
  /** null: no token. */
  role: Role | null;
  /** The record belongs to the caller's own state (always true for calls naming no record). */
  isSameState: boolean;
  /** The user the path names (the judge of a score sheet, the owner of settings) is the caller. */
  isNamedUser: boolean;
  /** The caller's own state's account has not expired. */
  isAccountActive: boolean;
  /** Status of the event the call is about (the run calls depend on it). */
  eventStatus: 'NOT_STARTED' | 'STARTED' | 'CLOSED';
}

const is = (facts: CallFacts, roles: readonly Role[]) => facts.role !== null && hasRole(facts.role, roles);
const isManager = (facts: CallFacts) => is(facts, ACCOUNT_MANAGER_ROLES);
/** An editor of the record's state whose account takes writes (ULTRA and SUPER write regardless). */
const isEditorHere = (facts: CallFacts) =>
  is(facts, EDITOR_ROLES) && facts.isSameState && (facts.isAccountActive || isManager(facts));
const isNamedJudge = (facts: CallFacts) => is(facts, [Role.Judge]) && facts.isNamedUser;

/** The kinds of access, each one rule. */
export const ACCESS_RULES = {
  /** Anyone, no login: public pages, forms, login, the API document. */
  public: () => true,
  /** Any valid token: the caller's own session. */
  signedIn: (facts: CallFacts) => facts.role !== null,
  /** Only the user the path names: one's own settings. */
  namedUser: (facts: CallFacts) => facts.role !== null && facts.isNamedUser,
  /** Any JUDGE: the sync calls that carry the judge in the token, not the path. */
  judges: (facts: CallFacts) => is(facts, [Role.Judge]),
  /** A JUDGE of the event's state: the sync pull answers a judge their own cells only (decisions §7). */
  judgesOfState: (facts: CallFacts) => is(facts, [Role.Judge]) && facts.isSameState,
  /** Only the judge the path names: score writes and submitting. */
  namedJudge: isNamedJudge,
  /** The judge the path names, or ADMIN/SUPER/ULTRA of the judge's state viewing as judge (read only). */
  judgeArea: (facts: CallFacts) =>
    isNamedJudge(facts) || (is(facts, [Role.Admin, Role.Super, Role.Ultra]) && facts.isSameState),
  /** The admin area of the record's state, STANDARD included (reads); an expired account still reads. */
  adminArea: (facts: CallFacts) => is(facts, ADMIN_AREA_ROLES) && facts.isSameState,
  /** The admin area of the record's state, and ULTRA/SUPER of any state: judges' lists, account detail. */
  adminAreaOrManagers: (facts: CallFacts) => (is(facts, ADMIN_AREA_ROLES) && facts.isSameState) || isManager(facts),
  /** A judge's own record, or the readers of the judges' lists. */
  judgeRecord: (facts: CallFacts) =>
    isNamedJudge(facts) || (is(facts, ADMIN_AREA_ROLES) && facts.isSameState) || isManager(facts),
  /** ULTRA, SUPER, ADMIN of the record's state, account not expired: every admin write. */
  editors: isEditorHere,
  /** Editors, and ULTRA for judges of any state (the edit-judge state selector). */
  judgeEditors: (facts: CallFacts) => isEditorHere(facts) || is(facts, [Role.Ultra]),
  /** No token: the public judge registration; with one: an editor adding a judge to their own state. */
  registrationOrEditors: (facts: CallFacts) => facts.role === null || isEditorHere(facts),
  /** Running an event: editors, and an expired account's editors while their own event is STARTED (§8). */
  eventRunners: (facts: CallFacts) =>
    isEditorHere(facts) || (is(facts, EDITOR_ROLES) && facts.isSameState && facts.eventStatus === 'STARTED'),
  /** ULTRA and SUPER, any state: the accounts list, renewals, opening accounts, the audit trail. */
  managers: isManager,
  /** ADMIN of the state (account not expired), ULTRA and SUPER of any state: account users, the inbox. */
  editorsOrManagers: (facts: CallFacts) => isEditorHere(facts) || isManager(facts),
  /** ULTRA, SUPER, ADMIN: the request inbox (ADMIN is answered its own state's requests). */
  inbox: (facts: CallFacts) => is(facts, [Role.Ultra, Role.Super, Role.Admin]),
  /**
   * No user at all: the monitoring system with the METRICS_TOKEN setting as its bearer token
   * (decision 0133). Every user's token, and none, is answered 401 (404 while the setting is unset).
   */
  metricsToken: () => false,
} as const satisfies Record<string, (facts: CallFacts) => boolean>;

export type Access = keyof typeof ACCESS_RULES;

/** Each kind of access in one line, as the API document states it ("Who may call: …"). */
export const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  public: 'anyone, no token.',
  signedIn: 'any signed-in user.',
  namedUser: 'only the user the path names.',
  judges: 'judges (the judge is the one the token names).',
  judgesOfState: "judges of the event's state; each reads only their own cells.",
  namedJudge: 'only the judge the path names.',
  judgeArea: "the judge the path names, or ADMIN, SUPER and ULTRA of the judge's state viewing as judge.",
  adminArea: "ULTRA, SUPER, ADMIN and STANDARD of the record's state.",
  adminAreaOrManagers: "the admin area of the record's state, and ULTRA and SUPER of any state.",
  judgeRecord: "the judge themself, the admin area of the judge's state, and ULTRA and SUPER.",
  editors: "ULTRA, SUPER and ADMIN of the record's state (an expired account's ADMIN only reads).",
  judgeEditors: "ULTRA, SUPER and ADMIN of the judge's state, and ULTRA of any state.",
  registrationOrEditors:
    'anyone without a token (self-registration, with captcha), or an editor of the state with one.',
  eventRunners:
    "ULTRA, SUPER and ADMIN of the event's state (an expired account still runs a started event to its close).",
  managers: 'ULTRA and SUPER.',
  editorsOrManagers: 'ADMIN of the state (account not expired), and ULTRA and SUPER of any state.',
  inbox: 'ULTRA, SUPER and ADMIN (ADMIN sees their own state).',
  metricsToken:
    'the monitoring system only, with the METRICS_TOKEN setting as bearer token (no user’s token opens it; 404 while the setting is unset).',
};

/**
 * Kinds of access opened by a setting's token rather than a user's: a caller without it is
 * answered 401 whoever they are (there is no role to be forbidden), or 404 while the setting is
 * unset and the route stays hidden.
 */
export const SETTING_TOKEN_ACCESS: ReadonlySet<Access> = new Set<Access>(['metricsToken']);

const SHEET = '/api/score/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId';
const SUBMIT = '/api/score/submitScores/event/:eventId/category/:categoryId/judge/:judgeId';
const CATEGORY = '/api/event/:eventId/category/:categoryId';

/** `METHOD path`, the key of a route in the policy tables. */
export type RouteKey = `${string} ${string}`;

export function routeKey(route: { method: string; url: string }): RouteKey {
  return `${route.method} ${route.url}`;
}

/** Every route the server registers, and who may call it. */
export const ROUTE_ACCESS: Record<RouteKey, Access> = {
  // ----- public: the API document, health, states, login, registration, requests, documents -----
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/health': 'public',
  'GET /api/config': 'public',
  'GET /api/metrics': 'metricsToken',
  'GET /api/state': 'public',
  'POST /api/login/user': 'public',
  'POST /api/login/sendResetPassword': 'public',
  'POST /api/login/resetPassword': 'public',
  'GET /api/state/:stateId/event/open': 'public',
  'GET /api/state/:stateId/school/names': 'public',
  'GET /api/event/:eventId/school/:schoolId/allowed': 'public',
  'POST /api/school/register': 'public',
  'GET /api/captcha/challenge': 'public',
  'POST /api/email/contact-us': 'public',
  'POST /api/email/admin': 'public',
  'POST /api/email/updateSchool': 'public',
  'GET /api/files/helpFile/:stateId': 'public',
  'GET /api/files/helpFile/:stateId/:fileId/download': 'public',

  // ----- one's own session and settings -----
  'POST /api/logout': 'signedIn',
  'POST /api/link-ticket': 'signedIn',
  'GET /api/session': 'signedIn',
  'PUT /api/user/:userId': 'namedUser',

  // ----- the judge area: the judge, or coordinators viewing as judge; writes by the judge only -----
  'GET /api/run/judge/:judgeId': 'judgeArea',
  'GET /api/run/judge/:judgeId/event/:eventId': 'judgeArea',
  'GET /api/run/judge/:judgeId/event/:eventId/category/:categoryId': 'judgeArea',
  'GET /api/run/judge/:judgeId/event/:eventId/category/:categoryId/school/:schoolId': 'judgeArea',
  [`GET ${SHEET}`]: 'judgeArea',
  [`GET ${SUBMIT}`]: 'judgeArea',
  'GET /api/files/score/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId/:type/:scoreId/:sha256':
    'judgeArea',
  'GET /api/sync/judge/:judgeId/event/:eventId': 'judgeArea',
  [`POST ${SUBMIT}`]: 'namedJudge',
  'POST /api/score/saveScores/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId':
    'namedJudge',
  'POST /api/score/saveSchool/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId':
    'namedJudge',
  [`POST ${SHEET}/:type`]: 'namedJudge',
  [`PUT ${SHEET}/:type/:scoreId`]: 'namedJudge',
  [`DELETE ${SHEET}/:type/:scoreId`]: 'namedJudge',
  'POST /api/sync/push': 'judges',
  'PUT /api/sync/photos/:sha256': 'judges',
  'GET /api/sync/pull': 'judgesOfState',

  // ----- judges -----
  'GET /api/state/:stateId/judge': 'adminAreaOrManagers',
  'GET /api/judge/inactive/:stateId': 'adminAreaOrManagers',
  'GET /api/judge/:judgeId': 'judgeRecord',
  'POST /api/judge': 'registrationOrEditors',
  'PUT /api/judge/:judgeId': 'judgeEditors',
  'PUT /api/judge/:judgeId/archive': 'judgeEditors',
  'PUT /api/judge/:judgeId/reinstate': 'judgeEditors',
  'GET /api/conflict/judge/:judgeId': 'judgeArea',
  'PUT /api/conflict/judge/:judgeId': 'namedJudge',
  'POST /api/conflict/judge/:judgeId': 'editors',
  'DELETE /api/conflict/judge/:judgeId/school/:schoolId': 'editors',

  // ----- criteria: own state only, ULTRA and SUPER included -----
  'GET /api/state/:stateId/section': 'adminArea',
  'GET /api/state/:stateId/penalty': 'adminArea',
  'GET /api/state/:stateId/disqualification': 'adminArea',
  'GET /api/section/:sectionId': 'adminArea',
  'GET /api/section/:sectionId/available/penalties': 'adminArea',
  'GET /api/section/:sectionId/available/disqualifications': 'adminArea',
  'POST /api/section/:sectionId/penalty': 'editors',
  'POST /api/section/:sectionId/disqualification': 'editors',
  'POST /api/section/:sectionId/penalty/new': 'editors',
  'POST /api/section/:sectionId/disqualification/new': 'editors',
  'POST /api/section': 'editors',
  'PUT /api/section/:sectionId': 'editors',
  'POST /api/section/:sectionId/copy': 'editors',
  'POST /api/section/:sectionId/subsection': 'editors',
  'PUT /api/subsection/:subsectionId': 'editors',
  'DELETE /api/section/:sectionId/:type/:criteriaId': 'editors',
  'POST /api/penalty': 'editors',
  'PUT /api/penalty/:penaltyId': 'editors',
  'POST /api/disqualification': 'editors',
  'PUT /api/disqualification/:disqualificationId': 'editors',

  // ----- schools -----
  'GET /api/state/:stateId/school': 'adminArea',
  'GET /api/school/:schoolId': 'adminArea',
  'PUT /api/school/:schoolId': 'editors',

  // ----- accounts and the audit trail -----
  'GET /api/account': 'managers',
  'GET /api/account/:stateId': 'adminAreaOrManagers',
  'PUT /api/account/:stateId/renew/:years': 'managers',
  'POST /api/account/:stateId/user': 'editorsOrManagers',
  'PUT /api/account/:stateId/user/:userId': 'editorsOrManagers',
  'DELETE /api/account/:stateId/user/:userId': 'editorsOrManagers',
  'POST /api/account': 'managers',
  'GET /api/audit': 'managers',

  // ----- events and categories: own state only, ULTRA and SUPER included -----
  'GET /api/state/:stateId/event': 'adminArea',
  'GET /api/event/:eventId': 'adminArea',
  'GET /api/event/:eventId/category': 'adminArea',
  'GET /api/event/:eventId/school': 'adminArea',
  'POST /api/event': 'editors',
  'PUT /api/event/:eventId': 'editors',
  'GET /api/event/:eventId/team-numbers': 'adminArea',
  'PUT /api/event/:eventId/team-numbers': 'editors',
  [`PUT ${CATEGORY}/team-numbers`]: 'editors',
  'DELETE /api/event/:eventId': 'editors',
  [`GET ${CATEGORY}`]: 'adminArea',
  [`GET ${CATEGORY}/section`]: 'adminArea',
  [`GET ${CATEGORY}/section/:sectionId`]: 'adminArea',
  [`GET ${CATEGORY}/available/section`]: 'adminArea',
  [`GET ${CATEGORY}/section/:sectionId/available/judge`]: 'adminArea',
  'POST /api/event/:eventId/category': 'editors',
  [`PUT ${CATEGORY}`]: 'editors',
  [`DELETE ${CATEGORY}`]: 'editors',
  [`POST ${CATEGORY}/section`]: 'editors',
  [`POST ${CATEGORY}/section/:sectionId`]: 'editors',
  [`DELETE ${CATEGORY}/section/:sectionId`]: 'editors',
  [`DELETE ${CATEGORY}/section/:sectionId/judge/:judgeId`]: 'editors',
  [`PUT ${CATEGORY}/school/:schoolId`]: 'editors',
  [`PUT ${CATEGORY}/school`]: 'editors',
  [`POST ${CATEGORY}/school`]: 'editors',
  [`DELETE ${CATEGORY}/school/:schoolId`]: 'editors',
  [`GET ${CATEGORY}/tie-breaks`]: 'adminArea',
  [`PUT ${CATEGORY}/tie-breaks`]: 'editors',

  // ----- public requests inbox -----
  'GET /api/requests': 'inbox',
  'PUT /api/requests/:requestId/handled': 'editorsOrManagers',

  // ----- competition documents: upload and delete by ADMIN, SUPER, ULTRA of the state (decisions §7) -----
  'POST /api/files/helpFile/:stateId': 'editors',
  'DELETE /api/files/helpFile/:stateId/:fileId': 'editors',

  // ----- the event run, review and results -----
  'GET /api/run/coordinator/event/:eventId': 'adminArea',
  'GET /api/run/coordinator/event/:eventId/history': 'adminArea',
  'GET /api/run/coordinator/event/:eventId/category/:categoryId': 'adminArea',
  'GET /api/run/coordinator/event/:eventId/school/:schoolId': 'adminArea',
  'GET /api/run/coordinator/event/:eventId/stream': 'adminArea',
  'GET /api/run/coordinator/event/:eventId/rejected': 'adminArea',
  'PUT /api/run/coordinator/event/:eventId/start': 'eventRunners',
  'PUT /api/run/coordinator/event/:eventId/complete': 'eventRunners',
  [`DELETE ${SUBMIT}`]: 'eventRunners',
  'GET /api/run/coordinator/event/:eventId/category/:categoryId/penalties': 'adminArea',
  'GET /api/run/coordinator/event/:eventId/category/:categoryId/school/:schoolId/penalties': 'adminArea',
  'PUT /api/run/coordinator/confirm/event/:eventId/category/:categoryId/school/:schoolId': 'eventRunners',
  'POST /api/run/coordinator/viewed/event/:eventId/category/:categoryId/school/:schoolId': 'eventRunners',
  'POST /api/run/coordinator/confirm-remaining/event/:eventId/category/:categoryId': 'eventRunners',
  'POST /api/run/coordinator/event/:eventId/category/:categoryId/judge/:judgeId/excuse': 'eventRunners',
  'POST /api/run/coordinator/event/:eventId/category/:categoryId/judge/:judgeId/replace': 'eventRunners',
  'GET /api/run/coordinator/results/event/:eventId': 'adminArea',
  'GET /api/run/coordinator/results/event/:eventId/category/:categoryId': 'adminArea',
  'GET /api/run/coordinator/results/event/:eventId/school/:schoolId': 'adminArea',
  'PUT /api/run/coordinator/event/:eventId/recomputeScores': 'editors',
  'GET /api/export/results/event/:eventId': 'adminArea',
  'GET /api/export/results/event/:eventId/category/:categoryId': 'adminArea',
  'GET /api/export/results/event/:eventId/school/:schoolId': 'adminArea',
  'GET /api/event/:eventId/public-results': 'adminArea',
  'PUT /api/event/:eventId/public-results': 'editors',
  // Issue 40: a CLOSED event's published results, for anyone (404 until then).
  'GET /api/public/results/:eventId': 'public',
  'GET /public/results/:eventId': 'public',
  'GET /api/export/packets/event/:eventId': 'adminArea',
  'GET /api/export/packets/event/:eventId/category/:categoryId/school/:schoolId': 'adminArea',
  'GET /api/run/coordinator/event/:eventId/packet-settings': 'adminArea',
  'PUT /api/run/coordinator/event/:eventId/packet-settings': 'editors',
  'POST /api/run/coordinator/event/:eventId/packets/email': 'editors',

  // ----- operations: the age of the server's newest backup, shown on the run page -----
  'GET /api/backup/latest': 'adminArea',
};
