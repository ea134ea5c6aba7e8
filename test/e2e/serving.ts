// Starting a host's server in an e2e test: a free port for it, and waiting until it answers.
import { createServer } from 'node:net';

/** A port nothing listens on now, for a server the test starts. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Resolves once `url` answers 200, polling (a server starting up), or throws after `limit` ms. */
export async function answering(url: string, limit = 60_000) {
  for (let waited = 0; (await fetch(url).then((response) => response.status, () => 0)) !== 200; waited += 250) {
    if (waited > limit) throw new Error(`e2e: ${url} did not answer within ${limit / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
