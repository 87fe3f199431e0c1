import { hasRole, landingPathFor, type Role, type SessionUser } from '@judging/shared-types';
import { redirect } from '@tanstack/react-router';
import type { SessionStore } from '../session/session-store.ts';

/** What every route's `beforeLoad` gets from the router. */
export interface RouterContext {
  session: SessionStore;
}

/**
 * A route's role gate: a visitor goes to /login; a user without one of the roles goes to
 * their own landing page. The server enforces the same rules; this only steers the screens.
 */
export function requireRoles(context: RouterContext, allowed: readonly Role[]): SessionUser {
  const user = context.session.get()?.user;
  if (!user) throw redirect({ to: '/login', replace: true });
  if (!hasRole(user.role, allowed)) throw redirect({ href: landingPathFor(user), replace: true });
  return user;
}
