// A React 19 host (or, built with react aliased to preact/compat, a Preact host) rendering
// <AmwaPortal> from the packed package under StrictMode.
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AmwaPortal } from 'amwa/react';

// The page's own folder (/hosts/react/, /hosts/preact-dev/, …) is the widget's base path.
const basePath = /^\/hosts\/[\w-]+/.exec(location.pathname)[0];

function App() {
  const [language, setLanguage] = useState('en');
  const [events, setEvents] = useState([]);
  const portal = useRef(null);
  return (
    <>
      <header>
        <h1>Demo bank</h1>
        <button type="button" onClick={() => setLanguage(language === 'en' ? 'de' : 'en')}>
          {language === 'en' ? 'Deutsch' : 'English'}
        </button>
        <button type="button" onClick={() => portal.current?.navigate('/pages/logout')}>
          Log off page
        </button>
      </header>
      <AmwaPortal
        ref={portal}
        settings={{
          basePath,
          apiBaseUrl: `${location.origin}/access`,
          securityApiBaseUrl: location.origin,
          brandPrefix: 'demobank',
          serviceEmail: 'service@demobank.example',
          language,
        }}
        onReady={({ path }) => setEvents((list) => [...list, `ready ${path}`])}
        onPageLoad={({ pageName }) => setEvents((list) => [...list, `page ${pageName}`])}
      />
      <ol id="events">
        {events.map((event, index) => (
          <li key={index}>{event}</li>
        ))}
      </ol>
    </>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
