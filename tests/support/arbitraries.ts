import fc from 'fast-check';
import { type ZodType, z } from 'zod';

/** The parts of a JSON Schema (as zod 4 writes it) that inputs are generated from. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** The input side of a zod schema as JSON Schema; transforms and refinements are left to the server. */
export function jsonSchemaOf(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Text that has broken web apps before: markup, SQL, bidirectional and combining text, emoji, controls. */
export const HOSTILE_TEXT = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE students; --",
  '" OR 1=1 --',
  "Robert'); DELETE FROM users; --",
  '{{7*7}}$\u007B7*7}',
  '=HYPERLINK("http://x.example","y")',
  '+1+1',
  '-2+3',
  '@SUM(1)',
  'محمد عبد الله',
  'שלום עולם',
  '\u202Eevil\u202C.pdf',
  'Zoë Ångström',
  'e\u0301\u0301\u0301 Z\u0351\u0300\u0316a\u0357l\u0327g\u0301o',
  '👩‍👩‍👧‍👦 🎉🏫',
  '𝒜𝓈𝒽𝒶',
  '山田 太郎',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '0x1F',
  '1e309',
  'true',
  '[]',
  '{}',
  '__proto__',
  '../../etc/passwd',
  'a\u0000b',
  'line1\r\nline2',
  '\u200B\u200D\uFEFF',
];

/** Values of the wrong type for any field. */
export const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, 1e308, -1e308, '', [], {}, [null], { $gt: '' }];

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function alternatives(schema: JsonSchema): JsonSchema[] | undefined {
  return schema.anyOf ?? schema.oneOf;
}

function capped(n: number | undefined, fallback: number, cap: number): number {
  return Math.min(n ?? fallback, cap);
}

/** Calendar dates from year 1900 to 2100 as YYYY-MM-DD. */
const isoDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = capped(schema.maxLength, 60, 200);
  const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  if (schema.format === 'date') return isoDate;
  if (schema.format === 'date-time') return isoDate.map((d) => `${d}T08:30:00.000Z`);
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.format === 'uri') return fc.webUrl().filter(fits);
  if (schema.pattern) {
    try {
      // A match is short as a rule: one too short for `minLength` is repeated up to it (it may then no longer match,
      // which the server refuses), where filtering would wait forever for a long match (a push key of 86 characters).
      const stretch = (s: string) => (s.length >= min ? s : (s || 'a').repeat(Math.ceil(min / Math.max(s.length, 1))));
      const upTo = schema.maxLength ?? Number.POSITIVE_INFINITY;
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .map((s) => stretch(s).slice(0, upTo))
        .filter(fits);
    } catch {
      // A pattern fast-check cannot read: fall back to plain text, which the server may refuse.
    }
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXT).filter(fits) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }) },
  );
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum : -1e6);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum : 1e6);
  if (integer) {
    const lo = Math.max(Math.ceil(low + (schema.exclusiveMinimum !== undefined ? 1 : 0)), Number.MIN_SAFE_INTEGER);
    const hi = Math.min(Math.floor(high - (schema.exclusiveMaximum !== undefined ? 1 : 0)), Number.MAX_SAFE_INTEGER);
    return fc.integer({ min: lo, max: Math.max(lo, hi) });
  }
  return fc.oneof(
    fc.integer({ min: Math.ceil(low), max: Math.floor(high) }),
    fc.double({
      min: low,
      max: high,
      minExcluded: schema.exclusiveMinimum !== undefined,
      maxExcluded: schema.exclusiveMaximum !== undefined,
      noNaN: true,
      noDefaultInfinity: true,
    }),
  );
}

/** Values the schema accepts (as far as JSON Schema can say; refinements may still refuse some). */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alts = alternatives(schema);
  if (alts) return fc.oneof(...alts.map((s) => validValue(s, depth)));
  if (schema.allOf?.length) return validValue(schema.allOf[0], depth);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, capped(schema.maxItems, 5, 5)),
      });
    case 'object':
      return validObject(schema, depth);
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) record[key] = validValue(value, depth + 1);
  return fc.record(record, { requiredKeys: required.filter((k) => k in properties) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

function deepNesting(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Boundary and wrong values for one field: lengths and limits ±1, blanks, huge and NaN-ish values, wrong types. */
export function edgeValues(schema: JsonSchema): unknown[] {
  const values: unknown[] = [...WRONG_TYPES, deepNesting(500), 'NaN', 'Infinity', '1e309', '   ', '\t\n'];
  const alts = alternatives(schema);
  const parts = alts ?? [schema];
  for (const part of parts) {
    const types = typesOf(part);
    if (part.enum) values.push(`${String(part.enum[0])} `, String(part.enum[0]).toUpperCase(), 'other');
    if (types.includes('string')) {
      const min = part.minLength ?? 0;
      const max = part.maxLength;
      if (min > 0) values.push('x'.repeat(min - 1), ' '.repeat(min));
      if (max !== undefined) {
        values.push('x'.repeat(max), 'x'.repeat(max + 1), '𝒜'.repeat(Math.ceil(max / 2) + 1), ' '.repeat(max + 1));
      } else values.push('x'.repeat(5000));
      values.push(...HOSTILE_TEXT, '\uD800', 'x\u0000');
      if (part.format === 'date' || part.pattern?.includes('\\d{4}')) {
        values.push('2024-02-30', '2023-02-29', '0000-01-01', '9999-12-31', '2024-13-01', '2024-1-1', '20240101');
        values.push('2024-01-01T00:00:00Z', '2024-01-01 ', '１２３４-01-01');
      }
      if (part.pattern?.includes(':')) values.push('24:00', '23:60', '9:00', '-1:00', '23:59:59');
    }
    if (types.includes('integer') || types.includes('number')) {
      const bounds = [part.minimum, part.maximum, part.exclusiveMinimum, part.exclusiveMaximum];
      for (const b of bounds) if (b !== undefined) values.push(b, b - 1, b + 1, b - 0.5, b + 0.5);
      values.push(Number.MAX_SAFE_INTEGER + 2, -0, 0.1 + 0.2, 1e21, '12', '1e3', ' 7 ', '0x10');
    }
    if (types.includes('array')) {
      const item = part.items ?? {};
      values.push([], [null], [[]], [{}], ['x'.repeat(70)]);
      if (part.maxItems !== undefined && part.maxItems <= 1000) {
        values.push(
          Array.from({ length: part.maxItems + 1 }, (_, i) => (typesOf(item).includes('string') ? `id-${i}` : {})),
        );
      }
    }
    if (types.includes('object')) values.push({ __proto__: { admin: true } }, JSON.parse('{"__proto__":{"x":1}}'));
  }
  return values;
}

export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: true }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(...WRONG_TYPES, deepNesting(1000), 'x'.repeat(10_000)),
);

function withRealIds(value: Record<string, unknown>, ids: (field: string) => string[] | undefined) {
  for (const [key, v] of Object.entries(value)) {
    const pool = ids(key);
    if (!pool?.length) continue;
    if (typeof v === 'string') value[key] = pool[Math.abs(hash(v)) % pool.length];
    if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
      value[key] = v.map((x) => pool[Math.abs(hash(x)) % pool.length]);
  }
  return value;
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}

/**
 * Bodies for a JSON schema: valid ones (with real ids put in `…Id` fields when `ids` knows them), valid ones
 * with one field replaced by an edge value, a required key left out, extra keys, and random junk.
 */
export function hostileBody(schema: JsonSchema, ids: (field: string) => string[] | undefined = () => undefined) {
  const valid = validValue(schema);
  const properties = Object.entries(schema.properties ?? {});
  const variants: fc.Arbitrary<unknown>[] = [
    valid.map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? withRealIds({ ...v }, ids) : v)),
    fc.oneof(valid, junk).map((v) => [v]),
    junk,
  ];
  if (properties.length) {
    const field = fc.constantFrom(...properties);
    variants.push(
      fc.tuple(valid, field, fc.nat()).map(([v, [key, s], n]) => {
        const edges = edgeValues(s);
        return { ...withRealIds({ ...(v as object) }, ids), [key]: edges[n % edges.length] };
      }),
      fc.tuple(valid, field).map(([v, [key]]) => {
        const copy = { ...(v as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
      fc.tuple(valid, fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 3 })).map(([v, extra]) => ({
        ...extra,
        ...(v as object),
        schoolId: 'another-school',
        _id: 'x',
        role: 'school_admin',
      })),
    );
  }
  return fc.oneof(...variants);
}

/** Query strings: valid ones, one parameter at an edge value (as text), repeated keys, and junk keys. */
export function hostileQuery(schema: JsonSchema): fc.Arbitrary<string> {
  const properties = Object.entries(schema.properties ?? {});
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const encode = (entries: [string, unknown][]) => {
    const params = new URLSearchParams();
    for (const [k, v] of entries) params.append(k, text(v));
    return params.toString();
  };
  const valid = validValue(schema).map((v) => Object.entries((v as Record<string, unknown>) ?? {}));
  const variants: fc.Arbitrary<string>[] = [
    valid.map(encode),
    fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 })).map((d) => encode(Object.entries(d))),
    fc.string({ maxLength: 60 }).map((s) => s.replace(/#/g, '')),
  ];
  if (properties.length) {
    const field = fc.constantFrom(...properties);
    variants.push(
      fc.tuple(valid, field, fc.nat()).map(([v, [key, s], n]) => {
        const edges = edgeValues(s);
        return encode([...v.filter(([k]) => k !== key), [key, edges[n % edges.length]]]);
      }),
      fc
        .tuple(valid, field, fc.string({ maxLength: 20 }))
        .map(([v, [key], other]) => encode([...v, [key, other], [key, 'x']])),
    );
  }
  return fc.oneof(...variants);
}
