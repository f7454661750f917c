/**
 * The one place that turns errors into HTTP answers of the shape `{code, message, errors?}`.
 * Routes and services throw AppError (or let framework/database errors through); nothing else
 * writes an error body.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from '../../shared/types.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { PATTERN_MESSAGES } from '../../shared/field-rules.js';
import { cutText, refusalIn, refusalLanguage, type RefusalLanguage } from './refusal-language.js';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    /** Extra headers for the answer, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
    /** Fields the answer carries beside code and message (SOLD_OUT's `available`, RESOURCE_CONFLICT's `conflicts`, readiness's `failed`). */
    readonly extra?: Pick<ErrorBody, 'available' | 'conflicts' | 'failed' | 'reason'>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const httpErrors = {
  validation: (errors: Record<string, string>, message = describeFields(errors)) => new AppError(400, 'VALIDATION', message, errors),
  notFound: (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message),
  conflict: (message: string) => new AppError(409, 'CONFLICT', message),
  forbidden: (message = 'You do not have permission to do this.') => new AppError(403, 'FORBIDDEN', message),
  unavailable: () => new AppError(503, 'UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.'),
};

function describeFields(errors: Record<string, string>): string {
  const fields = Object.keys(errors);
  return fields.length === 0 ? 'The request is not valid.' : `Invalid value for: ${fields.join(', ')}.`;
}

/** Shape of one schema-validation error (Ajv-compatible, as TypeBox's compiler reports them). */
interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The longest a field's name is shown in a refusal. */
const MAX_FIELD_LENGTH = 64;

/** Schema validation issues → `{field: message}`, one message per field, in words a person reads. */
export function fieldErrors(issues: SchemaIssue[], part: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (path: string, message: string) => {
    // A field's name may be the caller's own (an unknown body field): shown cut, like any value.
    const field = cutText(path === '' ? part : path.replace(/^\//, '').replace(/\//g, '.'), MAX_FIELD_LENGTH);
    errors[field] ??= message;
  };
  const child = (base: string, name: string) => `${base}/${name}`;
  for (const issue of issues) {
    const p = issue.params ?? {};
    switch (issue.keyword) {
      case 'required':
        for (const name of (p.requiredProperties as string[] | undefined) ?? [String(p.missingProperty)]) put(child(issue.instancePath, name), 'is required');
        break;
      case 'additionalProperties':
        for (const name of (p.additionalProperties as string[] | undefined) ?? [String(p.additionalProperty)]) put(child(issue.instancePath, name), 'is not allowed');
        break;
      case 'boolean': // "schema is false": the same unknown field again
      case 'const': // one branch of a union; the union's own issue says it once
        break;
      case 'anyOf':
        put(issue.instancePath, 'has a value that is not allowed');
        break;
      case 'enum':
        put(issue.instancePath, `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`);
        break;
      case 'type':
        put(issue.instancePath, TYPE_PROBLEMS[String(p.type)] ?? 'is not of the expected type');
        break;
      case 'minimum':
        put(issue.instancePath, `must be at least ${String(p.limit)}`);
        break;
      case 'maximum':
        put(issue.instancePath, `must be at most ${String(p.limit)}`);
        break;
      case 'minItems':
        put(issue.instancePath, `must have at least ${String(p.limit)} items`);
        break;
      case 'maxItems':
        put(issue.instancePath, `must have at most ${String(p.limit)} items`);
        break;
      case 'minLength':
        put(issue.instancePath, `must be at least ${String(p.limit)} characters long`);
        break;
      case 'maxLength':
        put(issue.instancePath, `must be at most ${String(p.limit)} characters long`);
        break;
      case 'pattern':
        put(issue.instancePath, PATTERN_MESSAGES[String(p.pattern)] ?? 'is not in the expected form');
        break;
      case 'format':
        put(issue.instancePath, p.format === 'email' ? 'must be an e-mail address' : `must be a valid ${String(p.format)}`);
        break;
      default:
        put(issue.instancePath, issue.message ?? 'is not valid');
    }
  }
  return errors;
}

/** A value of the wrong JSON type, by the type the schema asks for. */
const TYPE_PROBLEMS: Record<string, string> = {
  string: 'must be a string',
  number: 'must be a number',
  integer: 'must be an integer',
  boolean: 'must be a boolean',
  object: 'must be an object',
  array: 'must be an array',
  null: 'must be a null',
};

/** Fastify's own client errors, by code. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION', message: 'The Content-Length header does not match the body.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION', message: 'The request body is not valid JSON.' },
  FST_ERR_BAD_URL: { status: 400, code: 'VALIDATION', message: 'The address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'VALIDATION', message: 'A part of the address is too long.' },
};

/** The answer's body, its sentence and its fields' problems in the language the caller asked for (refusal-language.ts). */
export function toErrorBody(error: AppError, language: RefusalLanguage): ErrorBody {
  const errors = error.errors && Object.fromEntries(Object.entries(error.errors).map(([field, problem]) => [field, refusalIn(language, problem)]));
  return { code: error.code, message: refusalIn(language, error.message), ...(errors && { errors }), ...error.extra };
}

/**
 * The language of a request's refusals: Accept-Language's, except on the OCTO API, whose answers
 * stay English; the shop's pages and API also take `lang=en|de` from the address, which a link or
 * the widget names whatever the browser's own language.
 */
function languageOf(request: FastifyRequest): RefusalLanguage {
  if (request.url.startsWith('/api/octo')) return 'en';
  if (request.url.startsWith('/api/shop') || request.url.startsWith('/shop')) {
    const asked = /[?&]lang=(en|de)(?:&|$)/.exec(request.url)?.[1];
    if (asked === 'en' || asked === 'de') return asked;
  }
  return refusalLanguage(request.headers['accept-language']);
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(toErrorBody(error, languageOf(reply.request)));
}

/** Maps anything thrown to an AppError; unknown errors become 500 INTERNAL (logged, never shown). */
export function classifyError(error: FastifyError | Error, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const fe = error as FastifyError & { validationContext?: string };
  if (fe.validation) {
    return httpErrors.validation(fieldErrors(fe.validation as unknown as SchemaIssue[], fe.validationContext ?? 'body'));
  }
  const known = fe.code ? FRAMEWORK_ERRORS[fe.code] : undefined;
  if (known) return new AppError(known.status, known.code, known.message);
  // Malformed JSON surfaces as a SyntaxError with status 400 from the body parser.
  if (error instanceof SyntaxError || (fe.statusCode === 400 && !fe.code?.startsWith('FST_ERR_'))) {
    return new AppError(400, 'VALIDATION', 'The request body is not valid JSON.');
  }
  if (isDatabaseUnavailable(error)) return httpErrors.unavailable();
  const pgCode = (error as { code?: unknown }).code;
  // A race the services' own checks could not see (two creates at once): still the client's 409.
  if (pgCode === '23505') return httpErrors.conflict('This conflicts with an existing record.');
  // SQLSTATE class 22 (data exception): a value the schemas let through but the database cannot take.
  if (typeof pgCode === 'string' && /^22[0-9A-Z]{3}$/.test(pgCode)) return new AppError(400, 'VALIDATION', 'The request holds a value that cannot be stored.');
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError(fe.statusCode, fe.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION', 'The request is not valid.');
  }
  return new AppError(500, 'INTERNAL', `Something went wrong on our side. Request id: ${request.id}`);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = classifyError(error, request);
    if (appError.statusCode >= 500) {
      // The full error goes to the log (with the request id), never to the client.
      request.log.error({ err: error }, 'request failed');
      const body: ErrorBody = { ...toErrorBody(appError, languageOf(request)), requestId: request.id };
      return reply.code(appError.statusCode).type('application/json; charset=utf-8').send(body);
    }
    if (error instanceof AppError === false) request.log.info({ code: appError.code }, 'client error');
    return sendError(reply, appError);
  });
}
