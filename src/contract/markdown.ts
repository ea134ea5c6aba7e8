// docs/api-contract.md, rendered from the OpenAPI document so the two never disagree. Node only.

type Json = Record<string, unknown>;

/** Calls whose timing or body amwa decided where spec section 7 leaves them open, and why. */
const DECISIONS: readonly [title: string, text: string][] = [
  [
    'The session cookie before the QR code',
    "Spec section 7 puts an 'unauthenticated session-cookie call' before `GET /v1/api/public/qr`. amwa makes it the anonymous session: `anonymousSessionInitiate` (unauthenticated, without cookies) then `bootstrapWebSession`, whose answer opens the web session and sets its cookie. The QR code is then tied to that web session, and the mobile logon can prove it is the same session (its bearer is the anonymous access token). It is made before the first QR code of the mobile logon and again before a refreshed one once the anonymous session has expired; link mode has none (its user comes from the corporate portal). The XSRF `GET /` is not it: that call only exists when no XSRF cookie can be read.",
  ],
  [
    'The mobile logon body',
    "'Built from session data; shape not shown': amwa sends the anonymous session's authentication context and the device profile the scanner logon sends (browser, operating system, device identifier, fingerprint), with the anonymous access token as bearer. The QR code's own session travels in its cookie, so the body needs nothing secret.",
  ],
  [
    'Means check: `scannerStatus` and `agreementsLatest`',
    '`scannerStatus` (by user name) answers the scanner status and decides the route: serial number, provision first, or a status alert. `agreementsLatest` (with the signed-in person\'s token) answers the latest means agreement and is made last, only when the activation goes on to the serial number: the agreement must be REQD_AR or POTEN_AR (after a provision this proves the provision produced one). Anything else is \'Invalid scanner means agreement state\'.',
  ],
  [
    'Deactivation',
    'Made once, right after the 403 of a logon answer (the fifth wrong code), before the message shows; the message shows whatever it answers. A server must accept it only for a user whose logon has just been answered 403 in the same browser session, or anyone could deactivate anyone\'s scanner by name; the sandbox ties it to the XSRF cookie of the request that got the 403, for 60 s.',
  ],
  [
    'Trace logging',
    '`logTrace` at each milestone listed below, `logTraceError` for every error the shared handler sees (time-outs, technical and generic errors), both fire and forget with `keepalive` so a line sent just before the browser leaves still arrives. `responseId` is the `x-trace-id` of the answer concerned (absent when the server sent none), `username` the user ID where the flow knows it (the mobile logon knows none).',
  ],
  [
    'Corporate-portal logout',
    "A non-empty `ingLogOutUrl` on an allowed origin is followed by a full navigation (a background request would carry no SameSite=Lax cookie cross-site and the strict CSP blocks it), after `amwa-logout` fires, unless a listener cancels that event: at once after an inactivity limit, and after a finished activation when the user leaves 'And you're done' (its button then goes to the portal's logout instead of the scanner logon).",
  ],
  [
    '`transferAccessTokens` is server side',
    "The spec's logon sequence never calls it from the browser: `scannerLogon` redeems the transfer OTP. It is documented for the bank's back end and left out of the widget's expected traffic.",
  ],
];

const code = (json: unknown) => `\n\`\`\`json\n${JSON.stringify(json, null, 2)}\n\`\`\`\n`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Renders the contract document as Markdown. */
export function renderContractMarkdown(doc: Json): string {
  const paths = doc.paths as Record<string, Json>;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    (['get', 'post'] as const)
      .filter((method) => item[method])
      .map((method) => ({ path, method: method.toUpperCase(), server: ((item.servers as Json[])[0]!.url as string).replace(/[{}]/g, ''), op: item[method] as Json })),
  );
  const auth = (op: Json) => {
    const schemes = Object.keys((op.security as Json[])[0] ?? {});
    return [schemes.includes('bearer') ? 'bearer' : '', schemes.includes('xsrf') ? 'XSRF' : '', op['x-amwa-credentials'] === 'omit' ? 'no cookies' : ''].filter(Boolean).join(', ') || '–';
  };
  const lines: string[] = [
    '# API contract',
    '',
    '<!-- Generated from src/contract by `UPDATE_OPENAPI=1 npx vitest run src/contract/openapi.test.ts`; edit the schemas or src/contract/descriptions.ts, never this file. -->',
    '',
    `Every call the widget makes, as the bank's back end must answer it. The same document, machine-readable, is \`amwa/openapi.json\` (OpenAPI ${String(doc.openapi)}, contract version ${String((doc.info as Json).version)}). The widget's client, the sandbox and this page all come from one set of zod schemas (in the repository, \`src/contract/\`); a unit test fails when the committed files drift from them, and the e2e suite fails when the widget makes a call the document does not have (or breaks one), or when an operation is never made.`,
    '',
    '## Conventions',
    '',
    String((doc.info as Json).description),
    '',
    '## Calls',
    '',
    '| Server | Method | Path | Operation | Auth | Made by |',
    '|---|---|---|---|---|---|',
    ...operations.map(({ path, method, server, op }) => {
      const flows = op['x-amwa-server-side'] ? 'the bank (server side)' : (op['x-amwa-flows'] as string[]).join(', ');
      return `| ${server} | ${method} | \`${path}\` | [${String(op.operationId)}](#${String(op.operationId).toLowerCase()}) | ${auth(op)} | ${flows} |`;
    }),
    '',
    '## Decisions',
    '',
    'Where spec section 7 leaves a call open, amwa decided as follows.',
    '',
    ...DECISIONS.flatMap(([title, text]) => [`- **${title}.** ${text}`]),
    '',
    '## Traced operations',
    '',
    'The `operation` of each `logTrace` line, and when it is sent. `logTraceError` lines name where the error happened instead: the call path or the component.',
    '',
    '| Operation | Sent when |',
    '|---|---|',
    ...Object.entries(doc['x-amwa-traced-operations'] as Record<string, string>).map(([name, when]) => `| \`${name}\` | ${cell(when)} |`),
    '',
    '## Operations',
  ];
  for (const { path, method, server, op } of operations) {
    lines.push('', `### ${String(op.operationId)}`, '', `\`${method} {${server}}${path}\`: ${String(op.summary)}.`, '', String(op.description), '');
    lines.push(`- Auth: ${auth(op)}`);
    const headers = (op.parameters as Json[]).filter((p) => p.name !== 'Accept-Language');
    for (const header of headers) lines.push(`- Header \`${String(header.name)}\` (${header.required ? 'required' : 'optional'}): ${String(header.description)}`);
    const body = op.requestBody as Json | undefined;
    if (body) {
      const [type, media] = Object.entries(body.content as Record<string, Json>)[0]!;
      lines.push(`- Request body (\`${type}\`):`, code(media.schema));
    }
    lines.push('', '| Status | The widget |', '|---|---|');
    const answers = op.responses as Record<string, Json>;
    for (const [status, answer] of Object.entries(answers)) lines.push(`| ${status} | ${cell(String(answer.description))} |`);
    const ok = Object.entries(answers).find(([status]) => Number(status) < 300)?.[1];
    const schema = ((ok?.content as Record<string, Json> | undefined)?.['application/json'] as Json | undefined)?.schema;
    if (schema) lines.push('', 'Answer body:', code(schema));
  }
  lines.push('', '## Shared schemas', '');
  const schemas = (doc.components as Json).schemas as Record<string, Json>;
  for (const [name, schema] of Object.entries(schemas)) lines.push(`### ${name}`, code(schema));
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}
