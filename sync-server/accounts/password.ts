import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are kept as argon2id hashes (the library's defaults are OWASP's: 19 MiB, 2 passes, 1 lane).
 * Hashing runs on libuv's thread pool, so a login does not stall the event loop that serves the streams.
 */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** False for a wrong password and for a stored value that is not a hash this library reads. */
export const passwordMatches = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};

/**
 * Verified when the e-mail is unknown, so a login for an unknown address takes as long as a wrong password
 * and does not tell who has an account.
 */
let decoy: Promise<string> | undefined;
export const spendPasswordCheck = async (password: string): Promise<void> => {
  decoy ??= hashPassword('decoy password that matches nothing');
  await passwordMatches(await decoy, password);
};
