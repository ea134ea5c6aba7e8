// The sandbox's React demo page (/react/access, bundled by scripts/build-browser.mjs; the app a
// developer runs is examples/react): a bank page that renders <AmwaPortal>, lets the visitor
// switch the widget's language (a settings change), and logs the typed events it receives.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { AmwaSettings, Language } from 'amwa';
import { AmwaPortal } from 'amwa/react';

const LANGUAGES: ReadonlyArray<readonly [code: Language, name: string]> = [
  ['bg', 'Български'],
  ['cs', 'Čeština'],
  ['de', 'Deutsch'],
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['hu', 'Magyar'],
  ['it', 'Italiano'],
  ['nl', 'Nederlands'],
  ['pl', 'Polski'],
  ['ro', 'Română'],
  ['ru', 'Русский'],
  ['sk', 'Slovenčina'],
  ['uk', 'Українська'],
  ['zh', '中文'],
];

interface LogEntry {
  id: number;
  event: string;
  summary: string;
}

let nextId = 0;

function HostApp({ settings }: { settings: AmwaSettings }) {
  const [language, setLanguage] = useState(settings.language ?? 'en');
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const log = (event: string, summary: string) => setEntries((list) => [{ id: nextId++, event, summary }, ...list].slice(0, 20));

  return (
    <>
      <p className="demo-field">
        <label htmlFor="host-language">Widget language</label>
        <select id="host-language" value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
          {LANGUAGES.map(([code, name]) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </select>
      </p>
      <AmwaPortal
        settings={{ ...settings, language }}
        onRouteChange={({ path }) => log('route change', path)}
        onNext={({ flow, step }) => log('next', `${flow}: ${step}`)}
        onLogonRedirect={({ logonType, url }) => log('logon redirect', `${logonType} → ${url}`)}
        onLogout={({ url }) => log('logout', url ?? 'no redirect')}
        onGenericException={({ origin, status, message }) => log('generic exception', `${origin} ${status ?? ''} ${message}`)}
        onTechnicalException={({ date, traceId, timeout }) =>
          log('technical exception', `${timeout ? 'time-out' : 'error'} at ${date}${traceId ? `, trace ${traceId}` : ''}`)
        }
        onClearTechnicalException={() => log('technical exception cleared', '')}
      />
      <section className="demo-log" aria-labelledby="host-log-title">
        <h2 id="host-log-title">Events received by the host</h2>
        <div role="log" aria-labelledby="host-log-title">
          {entries.length === 0 ? (
            <p>None yet.</p>
          ) : (
            <ol>
              {entries.map(({ id, event, summary }) => (
                <li key={id}>
                  <strong>{event}</strong> {summary}
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </>
  );
}

const root = document.getElementById('amwa-react-root');
if (root) {
  const settings = JSON.parse(root.dataset.settings ?? '{}') as AmwaSettings;
  createRoot(root).render(
    <StrictMode>
      <HostApp settings={settings} />
    </StrictMode>,
  );
}
