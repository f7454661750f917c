// engine: independent (never opens the test database: left out of the suite's run on a PostgreSQL server)
/**
 * How the server reads a query string and writes an answer: a query's text becomes the schema's
 * numbers, booleans and arrays without TypeBox's interpreter, and refuses what does not read as
 * one; an answer's "this or null" is written from a list of types, not checked branch by branch.
 */
import { Type } from 'typebox';
import { describe, expect, test } from 'vitest';
import { forSerializer, serializerCompiler } from '../../src/server/http/serialization.js';
import { validatorCompiler } from '../../src/server/http/validation.js';

const query = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  share: Type.Optional(Type.Number()),
  active: Type.Optional(Type.Boolean()),
  ids: Type.Optional(Type.Array(Type.String({ format: 'uuid' }))),
  at: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  order: Type.Optional(Type.Enum(['ASC', 'DESC'])),
});
const validate = validatorCompiler({ schema: query, httpPart: 'querystring', method: 'GET', url: '/x' }) as (value: unknown) => { value?: unknown; error?: unknown };
const id = '5b0c8d61-8a3c-4d7e-9f1a-2b3c4d5e6f70';

describe('a query string', () => {
  test('text becomes the schema’s types', () => {
    expect(validate({ page: '2', share: '12.5', active: 'true', ids: id, at: 'null', order: 'DESC' }).value).toEqual({ page: 2, share: 12.5, active: true, ids: [id], at: null, order: 'DESC' });
    expect(validate({ active: '0', ids: [id, id] }).value).toEqual({ active: false, ids: [id, id] });
  });

  test('what does not read as its type is refused, not guessed', () => {
    for (const bad of [{ page: '2.5' }, { page: '1e3' }, { page: 'two' }, { active: 'yes' }, { share: '0x10' }, { order: 'UP' }, { ids: 'not-a-uuid' }, { page: '\u0000' }]) {
      expect(validate(bad).error, JSON.stringify(bad)).toBeTruthy();
    }
  });
});

describe('an answer', () => {
  test('“this or null” of one plain type is written from a list of types, its format kept; other unions stay', () => {
    const schema = Type.Object({ at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]), both: Type.Union([Type.String(), Type.Integer()]), nested: Type.Array(Type.Object({ n: Type.Union([Type.Integer(), Type.Null()]) })) });
    expect(forSerializer(schema)).toMatchObject({
      properties: { at: { type: ['string', 'null'], format: 'date-time' }, both: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, nested: { items: { properties: { n: { type: ['integer', 'null'] } } } } },
    });
    const write = serializerCompiler()({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (value: unknown) => string;
    expect(JSON.parse(write({ at: null, both: 3, nested: [{ n: null }, { n: 4 }] }))).toEqual({ at: null, both: 3, nested: [{ n: null }, { n: 4 }] });
    expect(JSON.parse(write({ at: '2027-01-01T10:00:00.000Z', both: 'x', nested: [] }))).toEqual({ at: '2027-01-01T10:00:00.000Z', both: 'x', nested: [] });
  });
});
