import type * as Argon2 from '@node-rs/argon2';

let argon2: Promise<typeof Argon2> | undefined;
/**
 * @node-rs/argon2 loads with the first password hashed or checked: a native library whose pages a
 * server at rest need not hold (docs/decisions/0166-server-memory-at-rest.md).
 */
function loadArgon2(): Promise<typeof Argon2> {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
}

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which erasable TypeScript cannot import). */
const ARGON2ID = 2;

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, yet a login stays fast
// (docs/decisions/0006-password-hashing.md).
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same work as a real check, so unknown emails cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
