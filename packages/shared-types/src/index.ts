export * from './roles.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './validation/fields.ts';
export * from './validation/validate.ts';
export * from './common/state.schemas.ts';
export * from './auth/auth.schemas.ts';
