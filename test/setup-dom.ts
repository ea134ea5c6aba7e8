// Testing Library only cleans up by itself when test globals are on; we keep globals off,
// so every DOM test file unmounts what it rendered here.
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
