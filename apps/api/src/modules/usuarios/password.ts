import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): ~20 ms here, slow enough against offline guessing.
// algorithm 2 is Argon2id (the package's enum is a const enum, unusable under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// Verified against when the e-mail is unknown, so both paths take the same time.
let dummyHash: Promise<string> | undefined;

export const verifyPassword = async (passwordHash: string | null, password: string): Promise<boolean> => {
  if (passwordHash === null) {
    dummyHash ??= hashPassword('senha-inexistente-para-tempo-constante');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
};
