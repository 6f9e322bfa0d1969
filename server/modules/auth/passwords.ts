import { hash, type Options, verify } from '@node-rs/argon2';

/** argon2id (the library default algorithm) with the OWASP baseline parameters. */
const ARGON2_OPTIONS: Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must fail closed, like a wrong password.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a throw-away hash and returns false: used when the user is unknown, so the
 * answer takes as long as for a wrong password and timing does not reveal which e-mails exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that matches nothing');
  await verifyPassword(await dummyHash, password);
  return false;
}
