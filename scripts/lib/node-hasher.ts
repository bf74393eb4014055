import { hash, verify } from '@node-rs/argon2';
import { ARGON2_PARAMS, type PasswordHasher } from '../../worker/lib/password';

/** The native argon2id for Node-side tools and tests; same parameters and PHC strings as the Worker's. */
export const nodeHasher: PasswordHasher = {
  hash: (password) =>
    hash(password, {
      algorithm: 2, // Argon2id
      memoryCost: ARGON2_PARAMS.m,
      timeCost: ARGON2_PARAMS.t,
      parallelism: ARGON2_PARAMS.p,
      outputLen: ARGON2_PARAMS.dkLen,
    }),
  verify: async (phc, password) => {
    try {
      return await verify(phc, password);
    } catch {
      return false;
    }
  },
};
