/**
 * The named seed scenario every browser test runs on: the server's demo data for Delaware,
 * loaded into the run's empty database (decisions.md 6).
 */
export const DEMO_PASSWORD = 'Demo-2026!';
export const DEMO_STATE = 'Delaware';

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: 'ULTRA' | 'SUPER' | 'ADMIN' | 'STANDARD' | 'JUDGE';
}

export const demoUsers = {
  ultra: { email: 'ultra@demo.test', firstName: 'Morgan', lastName: 'Ellis', role: 'ULTRA' },
  super: { email: 'super@demo.test', firstName: 'Dana', lastName: 'Whitaker', role: 'SUPER' },
  admin: { email: 'admin@demo.test', firstName: 'Karen', lastName: 'Okafor', role: 'ADMIN' },
  standard: { email: 'standard@demo.test', firstName: 'Luis', lastName: 'Ortega', role: 'STANDARD' },
  judge1: { email: 'judge1@demo.test', firstName: 'Maria', lastName: 'Santos', role: 'JUDGE' },
} as const satisfies Record<string, DemoUser>;

/** judgeN@demo.test; names are not needed where a test uses one. */
export function demoJudge(n: number): DemoUser {
  return { email: `judge${n}@demo.test`, firstName: '', lastName: '', role: 'JUDGE' };
}

/**
 * Tests that change a user (settings, logout, which revokes all of that user's tokens) take
 * one judge per project, so the laptop and tablet runs never share one.
 */
export function judgeForProject(projectName: string, purpose: 'settings' | 'logout' | 'revoked'): DemoUser {
  const base = { settings: 2, logout: 4, revoked: 6 }[purpose];
  return demoJudge(projectName === 'tablet' ? base + 1 : base);
}
