// The bench's React host (test/bench/first-screen.mjs): React 19 and <AmwaPortal> from the packed
// package under StrictMode, on the sandbox's own origin under /hosts/react/ with the API beside it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AmwaPortal } from 'amwa/react';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <header>
      <h1>Demo bank</h1>
    </header>
    <AmwaPortal
      settings={{
        basePath: '/hosts/react',
        apiBaseUrl: `${location.origin}/access`,
        securityApiBaseUrl: location.origin,
        brandPrefix: 'demobank',
        serviceEmail: 'service@demobank.example',
      }}
    />
  </StrictMode>,
);
