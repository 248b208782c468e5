import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type Compile = (route: RouteSchema) => ReturnType<FastifySchemaCompiler<unknown>>;

const build = AjvCompiler();
const shared = { allErrors: true, removeAdditional: true, useDefaults: true } as const;
// Query strings and path parameters are text: their numbers and booleans have to be read from it.
const lenient = build({}, { customOptions: { ...shared, coerceTypes: 'array' } }) as unknown as Compile;
// A JSON body carries its types already: coercing them would turn a null into 0, or "false" into false.
const strict = build({}, { customOptions: { ...shared, coerceTypes: false } }) as unknown as Compile;

/** Validates JSON bodies as sent, query strings and parameters with type coercion. */
export const strictBodyCompiler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? strict(route) : lenient(route);
