/** The five roles. Stored upper-case; compared case-insensitively (the seed mixes casings). */
export const Role = {
  Ultra: 'ULTRA',
  Super: 'SUPER',
  Admin: 'ADMIN',
  Standard: 'STANDARD',
  Judge: 'JUDGE',
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const ALL_ROLES: readonly Role[] = Object.values(Role);
/** Roles that may enter the /admin area (STANDARD read-only). */
export const ADMIN_AREA_ROLES: readonly Role[] = [Role.Ultra, Role.Super, Role.Admin, Role.Standard];
/** Roles that may open the judge screens (seed "Judge area"). */
export const JUDGE_AREA_ROLES: readonly Role[] = [Role.Judge, Role.Super, Role.Ultra, Role.Admin];
/** Roles that manage the accounts of every state. */
export const ACCOUNT_MANAGER_ROLES: readonly Role[] = [Role.Ultra, Role.Super];
/** Roles that may change data in the admin area. */
export const EDITOR_ROLES: readonly Role[] = [Role.Ultra, Role.Super, Role.Admin];

/** Normalises any casing of a role name; undefined when it is not a role. */
export function parseRole(value: unknown): Role | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.trim().toUpperCase();
  return ALL_ROLES.find((role) => role === upper);
}

/** True when `role` is one of `allowed`, whatever its casing. */
export function hasRole(role: unknown, allowed: readonly Role[]): boolean {
  const parsed = parseRole(role);
  return parsed !== undefined && allowed.includes(parsed);
}

/** Where a user lands after login (seed "Post-login landing"). */
export function landingPathFor(user: { role: string; userId: number }): string {
  if (hasRole(user.role, ADMIN_AREA_ROLES)) return '/admin';
  if (hasRole(user.role, [Role.Judge])) return `/judge-dashboard/${user.userId}`;
  return '/';
}

/** The Accounts tab target (seed "Admin shell"). */
export function accountsLinkFor(user: { role: string; state: { stateId: number } }): string {
  if (hasRole(user.role, [Role.Admin, Role.Standard])) return `/admin/account-detail/${user.state.stateId}`;
  if (hasRole(user.role, ACCOUNT_MANAGER_ROLES)) return '/admin/manage-accounts';
  return '/admin';
}
