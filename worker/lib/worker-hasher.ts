import argon2Module from '@phi-ag/argon2/argon2.wasm';
import { wasmArgon2id } from './argon2-wasm';
import { phcHasher } from './password';

/** The Worker's password hasher: the PHC strings @node-rs/argon2 makes, hashed inside workerd by WebAssembly. */
export const workerHasher = phcHasher(wasmArgon2id(argon2Module));
