// A React 19 bank page: <AmwaPortal> under StrictMode, a language switch (a settings change the
// widget applies in place) and a button that navigates the widget through its ref.
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { AmwaHandle, AmwaSettings, Language } from 'amwa';
import { AmwaPortal } from 'amwa/react';

const LANGUAGES: ReadonlyArray<readonly [code: Language, name: string]> = [
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['fr', 'Français'],
  ['nl', 'Nederlands'],
];

// The widget owns every path of this page; the API is proxied under /api (vite.config.ts).
const SETTINGS: AmwaSettings = {
  apiBaseUrl: '/api/access',
  securityApiBaseUrl: '/api',
  brandPrefix: 'demobank',
  serviceEmail: 'service@demobank.example',
};

function App() {
  const [language, setLanguage] = useState<Language>('en');
  const [page, setPage] = useState('');
  const portal = useRef<AmwaHandle>(null);
  return (
    <>
      <header>
        <h1>Demo bank</h1>
        <label>
          Language{' '}
          <select value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
            {LANGUAGES.map(([code, name]) => (
              <option key={code} value={code} lang={code}>
                {name}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="button" onClick={() => portal.current?.navigate('/pages/logout')}>
          Log off page
        </button>
      </header>
      <main>
        <AmwaPortal ref={portal} settings={{ ...SETTINGS, language }} onPageLoad={({ pageName }) => setPage(pageName)} />
      </main>
      <footer>
        <output aria-live="polite">{page && `Page: ${page}`}</output>
      </footer>
    </>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
