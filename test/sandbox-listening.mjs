// The sandbox CLI started by a check script (test/pack-check.mjs from a tarball with npx,
// test/verify-sandbox.mjs from the build): resolves once it prints the address it listens on.

/** Resolves with the sandbox's origin and `child` once `child` says it listens; rejects after 30 s or on exit. */
export function sandboxListening(child) {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`amwa-sandbox did not listen within 30 s:\n${output}`)), 30_000);
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text) => {
        output += text;
        const match = /amwa sandbox: (http:\/\/[\d.]+:\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve({ url: match[1], child });
        }
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`amwa-sandbox exited with ${code} before listening:\n${output}`));
    });
  });
}
