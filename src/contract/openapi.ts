// The OpenAPI 3.1 document of the contract, generated from the operations' zod/mini schemas with
// zod's own `toJSONSchema`. Node only (tests and tooling): nothing here reaches a browser bundle.
import * as z from 'zod/mini';
import { OPERATION_DOCS, TRACE_DOCS } from './descriptions';
import { OPERATIONS } from './index';
import { mobileLogonBodySchema } from './mobile';
import { ENCRYPTED_STATE_HEADER, INACTIVITY_HEADER, needsXsrf, TRACE_HEADER, XSRF_COOKIE, type Operation } from './operation';
import {
  accessTokenSchema,
  authenticationContextSchema,
  authenticationResultSchema,
  colourCodeSchema,
  errorBodySchema,
  meansListSchema,
  oauthTokenSchema,
} from './shapes';
import { traceBodySchema } from './trace';

/** Version of the contract (not of the package): bumped when an operation changes incompatibly. */
export const CONTRACT_VERSION = '1.0.0';

type Json = Record<string, unknown>;

// Shapes several operations use, named once under components.schemas (the lazily built instances
// the operations' schemas hold, so the generator finds them by identity).
const named = z.registry<{ id: string; description: string }>();
named.add(authenticationContextSchema(), { id: 'AuthenticationContext', description: 'Who asks (client), for whom, at which level of assurance, for which scopes.' });
named.add(accessTokenSchema(), { id: 'AccessToken', description: 'One entry of an `accessTokens` list; needs `expirationTime` or `accessTokenTimeToLive`.' });
named.add(meansListSchema(), { id: 'MeansList', description: 'The means a partial result offers for the step-up; at least one, each with a component name.' });
named.add(authenticationResultSchema(), { id: 'AuthenticationResult', description: "Valid only with access tokens, a person with an id and status 'complete' or 'partial' (partial needs a valid means list)." });
named.add(colourCodeSchema(), { id: 'ColourCode', description: 'A colour code; `responseLength` 6 to 20.' });
named.add(oauthTokenSchema(), { id: 'OAuthToken', description: 'RFC 6749 section 5.1.' });
named.add(errorBodySchema(), { id: 'ErrorBody', description: 'The body of an error answer.' });
named.add(traceBodySchema(), { id: 'TraceLine', description: 'One trace line.' });
named.add(mobileLogonBodySchema(), { id: 'MobileLogonRequest', description: "The anonymous session's authentication context and the device profile." });

const components: Record<string, Json> = {};

const rewriteRefs = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' ? inner.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(inner)]),
  );
};

/** A schema as JSON Schema 2020-12 (what travels, so the input side), its named parts moved to components. */
function jsonSchema(schema: z.ZodMiniType): Json {
  const { $schema: _, $defs, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', metadata: named, unrepresentable: 'any' }) as Json & {
    $defs?: Record<string, Json>;
  };
  for (const [id, def] of Object.entries($defs ?? {})) components[id] ??= rewriteRefs(def) as Json;
  return rewriteRefs(rest) as Json;
}

const SERVERS = {
  access: { url: '{apiBaseUrl}', description: 'The access-means API (settings `apiBaseUrl`).', variables: { apiBaseUrl: { default: 'https://bank.example/access' } } },
  security: {
    url: '{securityApiBaseUrl}',
    description: 'The security-means API (settings `securityApiBaseUrl`).',
    variables: { securityApiBaseUrl: { default: 'https://bank.example' } },
  },
} as const;

const HEADER_DOCS: Record<string, Json> = {
  [ENCRYPTED_STATE_HEADER]: { description: "The colour-code flow's encrypted state, handed on from the previous answer unchanged.", schema: { type: 'string' } },
  [INACTIVITY_HEADER]: { description: 'Whole seconds since the last user activity in any tab of the origin.', schema: { type: 'string', pattern: '^\\d+$' } },
};

const acceptLanguage = { name: 'Accept-Language', in: 'header', required: true, description: 'The widget language (BCP 47, e.g. `de-AT`).', schema: { type: 'string' } };

function responses(op: Operation<unknown, unknown>, documented: Readonly<Record<number, string>>): Json {
  const out: Json = {};
  for (const [status, description] of Object.entries(documented)) {
    const ok = Number(status) < 300;
    const headers: Json = { [TRACE_HEADER]: { description: 'The trace id of the answer (2 digits, 32 and 16 alphanumerics, 2 digits).', schema: { type: 'string' } } };
    if (ok) for (const [name, rule] of Object.entries(op.responseHeaders ?? {})) headers[name] = { ...HEADER_DOCS[name], required: rule === 'required' };
    if (ok && op.id === 'xsrfToken') {
      headers['Set-Cookie'] = { description: `Sets the \`${XSRF_COOKIE}\` cookie.`, schema: { type: 'string' } };
      headers['X-XSRF-TOKEN'] = { description: 'The same token, for hosts where the cookie is not readable.', required: false, schema: { type: 'string' } };
    }
    const schema = ok ? (op.response ? jsonSchema(op.response()) : undefined) : jsonSchema(errorBodySchema());
    out[status] = { description, headers, ...(schema ? { content: { 'application/json': { schema } } } : {}) };
  }
  return out;
}

function operationObject(op: Operation<unknown, unknown>): Json {
  const doc = OPERATION_DOCS[op.id];
  if (!doc) throw new Error(`openapi: operation ${op.id} has no documentation in descriptions.ts`);
  const parameters = [
    acceptLanguage,
    ...Object.entries(op.headers ?? {}).map(([name, rule]) => ({ name, in: 'header', required: rule === 'required', ...HEADER_DOCS[name] })),
  ];
  const security = [{ ...(op.bearer ? { bearer: [] } : {}), ...(needsXsrf(op) ? { xsrf: [] } : {}) }].filter((requirement) => Object.keys(requirement).length);
  const mediaType = op.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return {
    operationId: op.id,
    summary: doc.summary,
    description: doc.description,
    parameters,
    ...(op.body ? { requestBody: { required: true, content: { [mediaType]: { schema: jsonSchema(op.body()) } } } } : {}),
    responses: responses(op, doc.responses),
    security,
    'x-amwa-credentials': op.credentials === false ? 'omit' : 'include',
    'x-amwa-flows': doc.flows,
    ...(op.checkedBy ? { 'x-amwa-checked-by': op.checkedBy } : {}),
    ...(op.serverSide ? { 'x-amwa-server-side': true } : {}),
  };
}

/** The whole OpenAPI 3.1 document, deterministic (operations in contract order, stable keys). */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) {
    const item = (paths[op.path] ??= { servers: [SERVERS[op.api]] });
    item[op.method.toLowerCase()] = operationObject(op);
  }
  const schemas = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'amwa: the bank API the widget calls',
      version: CONTRACT_VERSION,
      description:
        "Every call of the amwa widget (spec section 7), generated from the zod schemas the widget and its sandbox share. Two servers: the access-means API and the security-means API. Every JSON answer may start with the anti-JSON-hijacking prefix `)]}'` followed by a newline, which the widget strips. Every API answer should carry `Date` and `x-trace-id` headers (the technical error alert shows them). Calls go with cookies (`credentials: include`) unless `x-amwa-credentials` says `omit`; every POST with cookies echoes the `XSRF-TOKEN` cookie in `X-XSRF-TOKEN`. `x-amwa-flows` names the widget flows that make a call; `x-amwa-server-side` marks a call the bank's servers make, never the browser.",
    },
    servers: [SERVERS.access, SERVERS.security],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An access token of the session layer (anonymous, interim or profile).' },
        xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: `Double-submit token: the value of the \`${XSRF_COOKIE}\` cookie.` },
      },
    },
    'x-amwa-traced-operations': TRACE_DOCS,
  };
}
