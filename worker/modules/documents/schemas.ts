import { z } from 'zod';
import type { documentOwners, documents } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type OwnerType = (typeof documentOwners)[number];

/** 10 MB in decimal units: the request-body limit for uploads is 10 MiB, so this one is met first. */
export const MAX_FILE_BYTES = 10_000_000;
export const ONLY_ALLOWED = 'Only PDF, PNG and JPEG files are allowed';
export const TOO_LARGE = 'File is larger than 10 MB';

export const ALLOWED_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type AllowedType = (typeof ALLOWED_TYPES)[number];

export const docParam = z.object({
  id: z.string().trim().min(1, 'Id is required').max(64, 'Id is too long'),
  docId: z.string().trim().min(1, 'Document id is required').max(64, 'Document id is too long'),
});

/** The JSON form of an upload; the multipart form sends the same as a `file` field. */
export const jsonUploadBody = z.object({
  name: z.string({ error: 'File name is required' }).trim().min(1, 'File name is required').max(500),
  contentType: z.string({ error: 'Content type is required' }).trim().min(1, 'Content type is required').max(200),
  dataBase64: z.string({ error: 'File data is required' }).min(1, 'File data is required'),
});

export interface Upload {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The type the file's first bytes prove it to be, whatever it claims. */
export function sniffType(bytes: Uint8Array): AllowedType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return null;
}

function normalType(contentType: string): string {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'image/jpg' || type === 'image/pjpeg' ? 'image/jpeg' : type;
}

/** The extension each verified type is stored under, and the others the same type may already carry. */
const EXTENSIONS: Record<AllowedType, { main: string; also: string[] }> = {
  'application/pdf': { main: 'pdf', also: [] },
  'image/png': { main: 'png', also: [] },
  'image/jpeg': { main: 'jpg', also: ['jpeg', 'jpe'] },
};

/**
 * A file name safe to store and to send back in a header: no folders, no control or format characters
 * (Unicode Cc, Cf such as U+202E RIGHT-TO-LEFT OVERRIDE or U+200B, line and paragraph separators), no quotes.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"]/gu, '').trim();
  return (cleaned || 'document').slice(0, 200);
}

/**
 * The stored name of a file of a verified type: its last extension is the type's, whatever was claimed.
 * `report.pdf.exe` that is a PNG becomes `report.pdf.png` (only the last extension is replaced, so the name
 * the person chose stays readable); `scan.JPEG` that is a JPEG keeps its name.
 */
export function storedFileName(name: string, type: AllowedType): string {
  const safe = safeFileName(name);
  const dot = safe.lastIndexOf('.');
  const stem = (dot >= 0 ? safe.slice(0, dot) : safe).trim() || 'document';
  const extension = dot >= 0 ? safe.slice(dot + 1) : '';
  const { main, also } = EXTENSIONS[type];
  const kept = extension.toLowerCase() === main || also.includes(extension.toLowerCase());
  return `${stem.slice(0, 195)}.${kept ? extension : main}`;
}

/** The declared type must be PDF, PNG or JPEG, and the bytes must be that type; at most 10 MB. */
export function checkUpload(upload: Upload): Upload & { contentType: AllowedType } {
  if (upload.bytes.byteLength === 0) throw new AppError(400, 'File is empty', { code: 'FILE_UNREADABLE' });
  if (upload.bytes.byteLength > MAX_FILE_BYTES) throw new AppError(413, TOO_LARGE);
  const declared = normalType(upload.contentType);
  const actual = sniffType(upload.bytes);
  if (!ALLOWED_TYPES.includes(declared as AllowedType) || actual !== declared) throw new AppError(415, ONLY_ALLOWED);
  return { name: storedFileName(upload.name, actual), contentType: actual, bytes: upload.bytes };
}

function fromBase64(data: string): Uint8Array {
  const clean = data.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean))
    throw new AppError(400, 'File data must be base64', { code: 'FILE_UNREADABLE' });
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface FileEntry {
  name?: string;
  type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
}

/** A form entry that is a file (the runtimes' FormData types disagree, so this checks the shape). */
export function fileEntry(entry: unknown): FileEntry | null {
  return entry && typeof entry === 'object' && 'arrayBuffer' in entry ? (entry as FileEntry) : null;
}

/** Reads an upload from a multipart form (`file` field) or from JSON `{ name, contentType, dataBase64 }`. */
export async function readUpload(request: Request): Promise<Upload> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new AppError(400, 'The upload could not be read', { code: 'FILE_UNREADABLE' });
    }
    const file = fileEntry(form.get('file'));
    if (!file) throw new AppError(400, 'Choose a file to upload (form field "file")', { code: 'FILE_UNREADABLE' });
    return { name: file.name ?? 'document', contentType: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
  }
  if (type.startsWith('application/json')) {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw new AppError(400, 'Malformed JSON in request body', { code: 'MALFORMED_JSON' });
    }
    const parsed = jsonUploadBody.parse(body);
    return { name: parsed.name, contentType: parsed.contentType, bytes: fromBase64(parsed.dataBase64) };
  }
  throw new AppError(415, 'Send the file as multipart/form-data (field "file") or as JSON');
}

type DocumentRow = typeof documents.$inferSelect;

/** `{ _id, name, contentType, size, ownerType, ownerId, uploadedBy: { _id, name } | null, createdAt }` */
export function toDocument(row: DocumentRow & { uploaderName?: string | null }) {
  return {
    _id: row.id,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    ownerType: row.ownerType,
    ownerId: row.ownerId,
    uploadedBy: row.uploadedBy ? { _id: row.uploadedBy, name: row.uploaderName ?? '' } : null,
    createdAt: row.createdAt,
  };
}
export type DocumentOut = ReturnType<typeof toDocument>;

/** `attachment` with a plain-ASCII name and the exact name in RFC 5987 form. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
