/**
 * Schema validation with TypeBox's compiler (bodies are never coerced; unknown body fields are
 * refused by `additionalProperties: false`). Two rules on top, for every part of every request:
 * - text must not contain NUL, which PostgreSQL cannot store (it would fail as a 500);
 * - in query strings and path parameters an integer must be written as one: "2.5" or "1e3" is
 *   refused, not rounded.
 */
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';

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

export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  const validate = TypeBoxValidatorCompiler(route);
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
