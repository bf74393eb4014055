import type { Argon2id } from './password';

/** What the argon2 reference implementation's WebAssembly build exports (the C library's own functions). */
interface Argon2Exports {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(at: number): void;
  argon2_hash(
    t: number,
    m: number,
    p: number,
    password: number,
    passwordLength: number,
    salt: number,
    saltLength: number,
    hash: number,
    hashLength: number,
    encoded: number,
    encodedLength: number,
    type: number,
    version: number,
  ): number;
  argon2_error_message(code: number): number;
}

const ARGON2ID = 2;
const VERSION_19 = 0x13;

/** Its one instance, made on the first hash: the memory grows once to the cost's size and is reused. */
function instanceOf(module: WebAssembly.Module): () => Argon2Exports {
  let instance: Argon2Exports | null = null;
  return () => {
    if (!instance) {
      const made = new WebAssembly.Instance(module, {}).exports as unknown as Argon2Exports;
      made._initialize();
      instance = made;
    }
    return instance;
  };
}

function errorText(wasm: Argon2Exports, code: number): string {
  const heap = new Uint8Array(wasm.memory.buffer);
  const at = wasm.argon2_error_message(code);
  let end = at;
  while (heap[end] !== 0 && end - at < 200) end++;
  return new TextDecoder().decode(heap.subarray(at, end));
}

/**
 * argon2id by the reference implementation compiled to WebAssembly with SIMD (`module`: `@phi-ag/argon2`'s
 * `argon2.wasm`): some 25 ms a hash at the portal's cost, where argon2id in JavaScript took 400 ms and more of the
 * Worker's CPU. The package's own wrapper is not used: it gives the C code a password's length in UTF-16 units, so
 * a password in Hindi or Arabic would be hashed cut short. Here it goes in as its UTF-8 bytes, counted in bytes, and
 * its copy in the instance's memory is wiped before that memory is given back.
 */
export function wasmArgon2id(module: WebAssembly.Module): Argon2id {
  const argon2 = instanceOf(module);
  return (password, salt, { m, t, p, dkLen }) => {
    const wasm = argon2();
    const size = password.length + salt.length + dkLen;
    const at = wasm.malloc(Math.max(size, 1));
    if (at === 0) throw new Error('argon2id: no memory for its input');
    const saltAt = at + password.length;
    const hashAt = saltAt + salt.length;
    try {
      const heap = new Uint8Array(wasm.memory.buffer);
      heap.set(password, at);
      heap.set(salt, saltAt);
      const code = wasm.argon2_hash(
        t,
        m,
        p,
        at,
        password.length,
        saltAt,
        salt.length,
        hashAt,
        dkLen,
        0,
        0,
        ARGON2ID,
        VERSION_19,
      );
      if (code !== 0) throw new Error(`argon2id: ${errorText(wasm, code)}`);
      // The hash grew the memory: a view made before it would see nothing.
      return new Uint8Array(wasm.memory.buffer).slice(hashAt, hashAt + dkLen);
    } finally {
      new Uint8Array(wasm.memory.buffer).fill(0, at, at + size);
      wasm.free(at);
    }
  };
}
