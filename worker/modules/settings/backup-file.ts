import { AppError } from '../../lib/errors';
import { fileEntry } from '../documents/schemas';
import { DAMAGED, decodeSnapshot, encodeSnapshot, type Snapshot } from './backup';

/**
 * A downloaded backup is the snapshot with an HMAC of its text under the portal's secret: an uploaded file is
 * restored only when the portal made it and nothing in it changed since, so no one can write roles or rows
 * into a file by hand. Password hashes stay out of it; a restore never takes passwords from a file anyway.
 */
const LABEL = 'school-portal-backup-file\n';

async function macOf(secret: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(LABEL + text));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function timingSafeEqual(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export async function signedFile(snapshot: Snapshot, secret: string): Promise<Uint8Array> {
  const tables = { ...snapshot.tables };
  tables.users = (tables.users ?? []).map(({ passwordHash: _hidden, ...row }) => row);
  const unsigned = { ...snapshot, tables };
  const signature = await macOf(secret, JSON.stringify(unsigned));
  return encodeSnapshot({ ...unsigned, signature } as Snapshot);
}

/** Reads an uploaded file; a damaged, altered or unsigned one is refused before the school's own checks. */
export async function snapshotOfFile(bytes: ArrayBuffer, schoolId: string, secret: string): Promise<Snapshot> {
  const snapshot = await decodeSnapshot(bytes, schoolId, async (parsed) => {
    if (!parsed || typeof parsed !== 'object') return false;
    const { signature, ...unsigned } = parsed as Record<string, unknown>;
    if (typeof signature !== 'string') return false;
    return timingSafeEqual(signature, await macOf(secret, JSON.stringify(unsigned)));
  });
  return snapshot;
}

/** The file from a multipart form (field `file`) or the body itself (gzip). */
export async function readBackupUpload(request: Request): Promise<ArrayBuffer> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData().catch(() => {
      throw new AppError(400, 'The upload could not be read', { code: 'FILE_UNREADABLE' });
    });
    const file = fileEntry(form.get('file'));
    if (!file)
      throw new AppError(400, 'Choose a backup file to restore (form field "file")', { code: 'FILE_UNREADABLE' });
    return file.arrayBuffer();
  }
  if (/^application\/(gzip|x-gzip|octet-stream)\b/.test(type)) {
    const bytes = await request.arrayBuffer();
    if (bytes.byteLength === 0) throw new AppError(422, DAMAGED);
    return bytes;
  }
  throw new AppError(415, 'Send the backup file as application/gzip or as multipart/form-data (field "file")');
}
