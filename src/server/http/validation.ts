/**
 * Schema validation with TypeBox's compiler (bodies are never coerced; unknown body fields are
 * refused by `additionalProperties: false`). Two rules on top, for every part of every request:
 * - text must not contain NUL, which PostgreSQL cannot store (it would fail as a 500);
 * - in query strings and path parameters an integer must be written as one: "2.5" or "1e3" is
 *   refused, not rounded.
 * A query string's or path's text is turned into the schema's numbers, booleans and arrays here,
 * by the schema's own plain shapes (integer, number, boolean, an array of them, a union of them),
 * before TypeBox's compiled check. TypeBox's Value.Convert, which the provider runs otherwise,
 * interprets the whole schema on every request: on the customers list it was 7% of the server's
 * main thread and a share of its garbage. A schema of another shape still goes through it.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

const INTEGER_TEXT = /^-?\d{1,15}$/;

interface Issue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

/** Path of the first string (or object key) holding a NUL character, if any. */
function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}/${i}`);
      if (found !== null) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return path;
      const found = findNul(child, `${path}/${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

/** A part of a schema as JSON Schema has it. */
interface Shape {
  type?: unknown;
  anyOf?: Shape[];
  items?: Shape;
  properties?: Record<string, Shape>;
  const?: unknown;
  enum?: unknown[];
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** Whether `text` converts the way this schema reads it: a plain type, an array of one, or a union of them. */
function plain(shape: Shape): boolean {
  if (shape.anyOf) return shape.anyOf.every(plain);
  if (shape.type === 'array') return shape.items !== undefined && shape.items.type !== 'array' && plain(shape.items);
  return ['string', 'integer', 'number', 'boolean', 'null'].includes(String(shape.type)) || shape.const !== undefined || shape.enum !== undefined;
}

/** A query string's text as the schema's type: "2" → 2, "true" → true, "a" → ["a"]; what does not read so stays text for the check to refuse. */
function fromText(shape: Shape, raw: unknown): unknown {
  if (Array.isArray(raw)) return shape.type === 'array' ? raw.map((item) => fromText(shape.items!, item)) : raw;
  if (typeof raw !== 'string') return raw;
  if (shape.anyOf) {
    for (const option of shape.anyOf) {
      const converted = fromText(option, raw);
      if (converted !== raw) return converted;
    }
    return raw;
  }
  switch (shape.type) {
    case 'integer':
    case 'number':
      return NUMBER_TEXT.test(raw) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : raw;
    case 'array':
      return [fromText(shape.items!, raw)];
    case 'null':
      return raw === 'null' ? null : raw;
    default:
      return raw;
  }
}

/**
 * A function trimming, in place, the spaces around every string the schema says is an e-mail
 * address (format "email"), wherever it sits (an object's property, a union's branch, an array's
 * items); null when the schema has none. An address typed or pasted with a space around it is the
 * address, as every other field's surrounding spaces are not part of it.
 */
function emailTrimmer(shape: Shape & { format?: string }, depth = 0): ((value: unknown) => unknown) | null {
  if (depth > 8) return null;
  if (shape.format === 'email') return (value) => (typeof value === 'string' ? value.trim() : value);
  const branches = (shape.anyOf ?? []).map((branch) => emailTrimmer(branch, depth + 1)).filter((trim) => trim !== null);
  const items = shape.items ? emailTrimmer(shape.items, depth + 1) : null;
  const fields = Object.entries(shape.properties ?? {}).flatMap(([key, field]) => {
    const trim = emailTrimmer(field, depth + 1);
    return trim ? [[key, trim] as const] : [];
  });
  if (branches.length === 0 && !items && fields.length === 0) return null;
  return (value) => {
    for (const trim of branches) value = trim(value);
    if (items && Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] = items(value[i]);
    if (fields.length > 0 && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      for (const [key, trim] of fields) if (Object.hasOwn(record, key)) record[key] = trim(record[key]);
    }
    return value;
  };
}

export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  const typeCheck = Compile(route.schema);
  const trimEmails = route.httpPart === 'body' ? emailTrimmer(route.schema as Shape) : null;
  const shape = route.schema as Shape;
  const converts = route.httpPart !== 'body';
  const fields = shape.type === 'object' && shape.properties && Object.values(shape.properties).every(plain) ? Object.entries(shape.properties) : null;
  const convert = (value: unknown): unknown => {
    if (!converts) return value;
    if (fields === null || typeof value !== 'object' || value === null) return Value.Convert(route.schema, value);
    const input = value as Record<string, unknown>;
    const converted: Record<string, unknown> = { ...input };
    for (const [key, field] of fields) if (key in input) converted[key] = fromText(field, input[key]);
    return converted;
  };
  const validate = (value: unknown) => {
    const converted = trimEmails ? trimEmails(convert(value)) : convert(value);
    return typeCheck.Check(converted) ? { value: converted } : { error: typeCheck.Errors(converted) };
  };
  const properties = (route.schema as { properties?: Record<string, { type?: string }> }).properties ?? {};
  const integerKeys = route.httpPart === 'body' ? [] : Object.keys(properties).filter((key) => properties[key].type === 'integer');
  const fail = (issue: Issue) => ({ error: [issue] });

  return (value: unknown) => {
    const nulAt = findNul(value);
    if (nulAt !== null) {
      return fail({ keyword: 'nul', instancePath: nulAt, schemaPath: '#', params: {}, message: 'must not contain NUL characters' });
    }
    const input = (value ?? {}) as Record<string, unknown>;
    for (const key of integerKeys) {
      const raw = input[key];
      if (typeof raw === 'string' && !INTEGER_TEXT.test(raw)) {
        return fail({ keyword: 'type', instancePath: `/${key}`, schemaPath: `#/properties/${key}`, params: { type: 'integer' }, message: 'must be integer' });
      }
    }
    return validate(value);
  };
};
