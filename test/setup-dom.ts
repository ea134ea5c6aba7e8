// Testing Library only cleans up by itself when test globals are on; we keep globals off,
// so every DOM test file unmounts what it rendered here.
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // Lazy pages are transformed on first import: on a loaded two-core machine that alone can
  // take over the default second. find*/waitFor wait on conditions, so a longer limit only
  // matters when something is really wrong.
  configure({ asyncUtilTimeout: 5000 });
}
