// Next.js passes a client's own X-Forwarded-Host (and Forwarded) on to a rewrite's destination,
// setting its own only where the request has none: a client could make the API (here the
// sandbox) hand out its URLs on any host it names. So on the paths rewritten to the API the
// forwarded headers are this app's: the Host the browser used and the scheme it came over.
import { NextResponse, type NextRequest } from 'next/server';

/** Sets X-Forwarded-Host/-Proto from the request itself and drops the client's Forwarded, before the rewrites run. */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.delete('forwarded');
  headers.set('x-forwarded-host', request.headers.get('host') ?? request.nextUrl.host);
  headers.set('x-forwarded-proto', request.nextUrl.protocol.slice(0, -1));
  return NextResponse.next({ request: { headers } });
}

/** Only the paths next.config.mjs rewrites to the API. */
export const config = { matcher: ['/api/:path*', '/__sandbox/:path*'] };
