import { z, type ZodType } from 'zod';
import { routeRegistry } from './route';

const errorBody = {
  type: 'object',
  required: ['status', 'code', 'message'],
  properties: {
    status: { type: 'integer' },
    code: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
    details: {},
  },
};

/**
 * A body object's required fields as its validator decides them: a field is required when the value
 * `undefined` (the key left out) fails its own schema. zod's emitter judges from the declared input
 * type instead, and a field behind `z.preprocess` or a transform chain (every money amount:
 * `dollarsToCents`, `moneyCents`) declares `unknown`, so OpenAPI called `amount` optional while
 * validation refused a body without it. One rule, applied to every object of every route's schema.
 */
function overrideRequired({ zodSchema, jsonSchema: json }: { zodSchema: unknown; jsonSchema: { properties?: object; required?: string[] } }): void {
  const schema = zodSchema as ZodType & { _zod: { def: { type: string; shape?: Record<string, ZodType> } } };
  const shape = schema._zod.def.type === 'object' ? schema._zod.def.shape : undefined;
  if (!shape || !json.properties) return;
  const required = Object.keys(shape).filter((key) => !shape[key].safeParse(undefined).success);
  if (required.length) json.required = required;
  else delete json.required;
}

function jsonSchema(schema: ZodType): Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0', override: overrideRequired }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** An answer's JSON Schema as the API writes it (zod's output side: dates as ISO strings, every field it sends). */
function answerSchema(schema: ZodType): Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function parameters(schema: ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const s = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, sch]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name),
    schema: sch,
  }));
}

let cached: unknown = null;

export function resetOpenApi(): void {
  cached = null;
}

/** The OpenAPI 3 description of every mounted route, built from the schemas that validate input. */
export function openApiDocument(): unknown {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routeRegistry) {
    const path = r.path.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, unknown> = {
      [String(r.status)]: {
        description: r.status === 204 ? 'No content' : 'Success',
        ...(r.answer && r.status !== 204 ? { content: { 'application/json': { schema: answerSchema(r.answer) } } } : {}),
      },
      400: { description: 'Bad input', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    };
    if (r.access !== 'public') {
      responses[401] = { description: 'Missing, expired or revoked token' };
      responses[403] = { description: `Needs ${r.access}${r.self ? ' (students and coaches: their own records only)' : ''}` };
    }
    responses[404] = { description: 'Not found' };
    if (r.method !== 'get')
      responses[415] = {
        description: r.upload ? 'A request body that is not `multipart/form-data`' : 'A request body that is not JSON (`application/json` or `application/*+json`)',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    if (r.upload)
      responses[413] = {
        description: `A file larger than ${r.upload.maxBytes} bytes (nothing is stored)`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    responses[409] = { description: 'Business rule refusal', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    (paths[path] ??= {})[r.method] = {
      tags: [r.tag],
      summary: r.summary,
      description: r.access === 'public' ? 'No token needed.' : `Permission: \`${r.access}\``,
      security: r.access === 'public' ? [] : [{ bearer: [] }],
      parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(r.body) } } } } : {}),
      ...(r.upload
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', required: [r.upload.field], properties: { [r.upload.field]: { type: 'string', format: 'binary' } } },
                },
              },
            },
          }
        : {}),
      responses,
    };
  }
  cached = {
    openapi: '3.0.3',
    info: { title: 'Health-coach institute API', version: '1.0.0', description: 'Conventions: docs/api.md' },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: { Error: errorBody } },
    paths,
  };
  return cached;
}
