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

export const HealthResponseSchema = Type.Object({
  status: Type.Literal('ok'),
  time: Type.String(),
});

/** GET /api/config: what the public app needs to know about this deployment. */
export const ClientConfigSchema = Type.Object({ paymentUrl: Type.Union([Type.String(), Type.Null()]) });
export type ClientConfig = Static<typeof ClientConfigSchema>;
