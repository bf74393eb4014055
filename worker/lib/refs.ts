export type Ref = { _id: string; name: string } | null;
export type ClassRef = { _id: string; name: string; section: string } | null;

export function refOf(id: string | null | undefined, name: string | null | undefined): Ref {
  return id && name != null ? { _id: id, name } : null;
}

export function classRefOf(
  id: string | null | undefined,
  name: string | null | undefined,
  section: string | null | undefined,
): ClassRef {
  return id && name != null && section != null ? { _id: id, name, section } : null;
}
