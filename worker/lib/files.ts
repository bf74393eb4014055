/** The R2 surface the app uses; the FILES bucket in the Worker, an in-memory map in Node tests. */
export interface FileStore {
  put(
    key: string,
    value: ArrayBuffer | Uint8Array | string,
    options?: { httpMetadata?: { contentType?: string } },
  ): Promise<unknown>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer>; httpMetadata?: { contentType?: string } } | null>;
  delete(key: string): Promise<void>;
}

export function memoryFileStore(): FileStore {
  const files = new Map<string, { bytes: Uint8Array; contentType?: string }>();
  return {
    async put(key, value, options) {
      const bytes =
        typeof value === 'string'
          ? new TextEncoder().encode(value)
          : value instanceof Uint8Array
            ? value
            : new Uint8Array(value);
      files.set(key, { bytes: bytes.slice(), contentType: options?.httpMetadata?.contentType });
    },
    async get(key) {
      const file = files.get(key);
      if (!file) return null;
      return {
        arrayBuffer: async () => file.bytes.slice().buffer as ArrayBuffer,
        httpMetadata: { contentType: file.contentType },
      };
    },
    async delete(key) {
      files.delete(key);
    },
  };
}
