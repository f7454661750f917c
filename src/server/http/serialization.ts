/**
 * Answers are written by fast-json-stringify from the routes' response schemas. A "this or null"
 * in a schema (anyOf: [X, null]) makes it test each value against X with Ajv, formats included,
 * before writing it: on the customers list, three nullable instants a row were checked as
 * date-times on every answer (2% of the server's main thread, and their garbage). The serializer
 * gets the same schemas with such a union written as a list of types (type: ['string', 'null'],
 * X's format kept), which it tells apart with typeof; the OpenAPI document and the request
 * validation keep the schemas as they are.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

type Schema = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `schema` with every anyOf of one primitive type and null written as a type list, all the way down. */
export function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (!isSchema(schema)) return schema;
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && schema.type === undefined && schema.oneOf === undefined && schema.allOf === undefined) {
    const nullIndex = anyOf.findIndex((branch) => isSchema(branch) && branch.type === 'null');
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && isSchema(other) && typeof other.type === 'string' && PRIMITIVES.has(other.type) && other.anyOf === undefined) {
      const { anyOf: _union, ...rest } = schema;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = key === 'properties' && isSchema(value) ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, forSerializer(child)])) : forSerializer(value);
  return out;
}

/** Fastify's own serializer compiler, given the schemas as forSerializer writes them. */
export function serializerCompiler(): FastifySerializerCompiler<unknown> {
  const build = SerializerSelector()({}, {}) as FastifySerializerCompiler<unknown>;
  return (route) => build({ ...route, schema: forSerializer(route.schema) });
}
