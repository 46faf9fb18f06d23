import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];
type Serialize = (data: unknown) => string;

/** zod's own: encodes the answer through its schema (which validates it), then JSON.stringify. */
const zodSerializerCompiler = createSerializerCompiler({}) as FastifySerializerCompiler<unknown>;

const isNullType = (schema: unknown) =>
  typeof schema === 'object' &&
  schema !== null &&
  Object.keys(schema).length === 1 &&
  'type' in schema &&
  schema.type === 'null';

/**
 * The schema as fast-json-stringify writes it fastest and as our answers need:
 * - without `additionalProperties: false`, which zod's output side says of every object and fast-json-stringify
 *   checks when it chooses a branch of a union, where our answers' objects carry more fields than they declare
 *   (only the declared ones are written);
 * - a value or null (`anyOf` of a schema and `{ type: 'null' }`, zod's `.nullable()`) as that schema marked
 *   `nullable`: a union is chosen by validating each value against its branches (ajv, per value), a nullable
 *   schema by a test for null (every tender of a page has a nullable company).
 */
function forWriting(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forWriting);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { anyOf, ...rest } = schema as { anyOf?: unknown };
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullType)) {
    const value = anyOf.find((branch) => !isNullType(branch)) as Record<string, unknown>;
    if (typeof value === 'object' && !('$ref' in value)) return forWriting({ ...rest, ...value, nullable: true });
  }
  const entries = Object.entries(schema).filter(([key, value]) => !(key === 'additionalProperties' && value === false));
  return Object.fromEntries(entries.map(([key, value]) => [key, forWriting(value)]));
}

/**
 * A serializer compiled from the JSON Schema of the route's zod schema (its output side), or undefined when the
 * schema has a part JSON Schema cannot state (a transform, a date), which zod's encoder then writes.
 */
function compiledFromZod(schema: unknown): Serialize | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    // fast-json-stringify takes any JSON Schema; its own types describe a narrower one
    return fastJson(forWriting(jsonSchema) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

export class ResponseSerializersDisagree extends Error {
  constructor(method: string, url: string, compiled: string, encoded: string) {
    super(`${method} ${url}: the compiled serializer wrote ${compiled}, zod's encoder ${encoded}`);
  }
}

/**
 * Answers are written by a serializer compiled from the route's shared zod schema (fast-json-stringify, as
 * Fastify does for JSON Schemas), not by encoding each answer through zod and then JSON.stringify: a page of
 * 50 tenders took a third of the time and allocated three fifths of the memory (decision 039). It writes the same
 * values (an object's required keys before its optional ones, where zod keeps the schema's order); `check` (the
 * tests) also encodes every answer through zod, which validates it, and fails an answer whose values differ.
 * Each serializer is compiled when its route first answers, so start-up is unchanged.
 */
export function responseSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (route: RouteSchema) => {
    const encoded = zodSerializerCompiler(route) as Serialize;
    let compiled: Serialize | undefined | null = null;
    return (data: unknown) => {
      if (compiled === null) compiled = compiledFromZod(route.schema);
      if (!compiled) return encoded(data);
      if (!check) return compiled(data);
      const expected = encoded(data);
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
        throw new ResponseSerializersDisagree(route.method, route.url, written, expected);
      return written;
    };
  };
}
