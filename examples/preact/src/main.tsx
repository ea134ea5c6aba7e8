// A Preact bank page: <AmwaPortal> from amwa/react, rendered by this app's Preact through
// preact/compat (vite.config.ts and tsconfig.json point React's names at it).
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { AmwaPortal } from 'amwa/react';

function App() {
  const [page, setPage] = useState('');
  return (
    <>
      <header>
        <h1>Demo bank</h1>
      </header>
      <main>
        <AmwaPortal
          settings={{ apiBaseUrl: '/api/access', securityApiBaseUrl: '/api', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example' }}
          onPageLoad={({ pageName }) => setPage(pageName)}
        />
      </main>
      <footer>
        <output aria-live="polite">{page && `Page: ${page}`}</output>
      </footer>
    </>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
render(<App />, root);
