import Type, { type Static } from 'typebox';

export const StateSchema = Type.Object({ stateId: Type.Integer(), stateName: Type.String() }, { title: 'State' });
export type State = Static<typeof StateSchema>;

export const StateListItemSchema = Type.Object({
  stateId: Type.Integer(),
  stateName: Type.String(),
  stateCode: Type.String(),
  /** True when the state has an account whose subscription has not expired. */
  isActive: Type.Boolean(),
});
export type StateListItem = Static<typeof StateListItemSchema>;
export const StateListSchema = Type.Array(StateListItemSchema);

/**
 * GET /api/health (decisions §9, decision 0133): `status` is `ok` (200) or `unhealthy` (503,
 * the same body), so a probe that reads only the status code or only `status` still works.
 * HEAD answers headers only and reads nothing: it says the process answers, no more.
 */
export const HealthResponseSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unhealthy')]),
  time: Type.String(),
  /** A real write tried in a transaction that is rolled back; the result is at most 10 s old. */
  database: Type.Object({
    writable: Type.Boolean(),
    /** When the write was tried (the answer may be cached up to 10 s). */
    checkedAt: Type.String(),
  }),
  /** Free bytes of the file system holding the data folder, against the HEALTH_MIN_FREE_MB setting. */
  disk: Type.Object({
    hasRoom: Type.Boolean(),
    freeBytes: Type.Integer({ minimum: 0 }),
    minFreeBytes: Type.Integer({ minimum: 0 }),
  }),
});
export type HealthResponse = Static<typeof HealthResponseSchema>;

/** GET /api/config: what the public app needs to know about this deployment. */
export const ClientConfigSchema = Type.Object({ paymentUrl: Type.Union([Type.String(), Type.Null()]) });
export type ClientConfig = Static<typeof ClientConfigSchema>;
