// Route helpers shared by the judge screens: the role gate and the numeric search params.
import { JUDGE_AREA_ROLES, Role, hasRole, type SessionUser } from '@judging/shared-types';
import { notFound, redirect } from '@tanstack/react-router';
import { requireRoles, type RouterContext } from '../auth/route-guards.ts';

/**
 * JUDGE, SUPER, ULTRA and ADMIN; a judge only ever sees their own screens. A judge whose token
 * expired keeps their own screens on this device (offline scoring; sending waits for a login).
 */
export function requireJudgeArea(context: RouterContext, judgeId: number): SessionUser {
  if (!context.session.get()) {
    const deviceJudge = context.session.getDeviceJudge()?.user;
    if (deviceJudge?.userId === judgeId) return deviceJudge;
  }
  const user = requireRoles(context, JUDGE_AREA_ROLES);
  if (hasRole(user.role, [Role.Judge]) && user.userId !== judgeId) {
    throw redirect({ to: '/judge-dashboard/$judgeId', params: { judgeId: user.userId }, replace: true });
  }
  return user;
}

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/**
 * `validateSearch` for screens whose query is record ids. A value that is not a positive whole
 * number reads as 0 (the router shows its error screen for a throwing validator);
 * `requireIdSearch` in `beforeLoad` turns that into the not-found page.
 */
export function idSearch<K extends string>(...names: readonly K[]) {
  return (raw: Record<string, unknown>): Record<K, number> => {
    const parsed: Partial<Record<K, number>> = {};
    for (const name of names) {
      const value = raw[name];
      const text = typeof value === 'number' ? String(value) : value;
      const isId = typeof text === 'string' && ID_PATTERN.test(text) && Number(text) <= 2_147_483_647;
      parsed[name] = isId ? Number(text) : 0;
    }
    return parsed as Record<K, number>;
  };
}

/** Throws the not-found page when any id of the search is missing or malformed. */
export function requireIdSearch(search: Record<string, number>): void {
  if (Object.values(search).some((value) => value < 1)) throw notFound();
}

/**
 * The dashboard's category list may name the school the judge just left (`?school=`), so
 * "Back to the schools" lands at that school's row, not the top. Anything else is ignored.
 */
export function validateCategorySearch(raw: Record<string, unknown>): { school?: number } {
  const { school } = idSearch('school')(raw);
  return school > 0 ? { school } : {};
}

export const validateSectionsSearch = idSearch('schoolId', 'eventId', 'judgeId', 'categoryId');
export type SectionsSearch = ReturnType<typeof validateSectionsSearch>;
export const validateScoringSearch = idSearch('judgeId', 'eventId', 'schoolId', 'categoryId', 'sectionId');
export type ScoringSearch = ReturnType<typeof validateScoringSearch>;
