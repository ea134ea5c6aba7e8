// The sandbox console beside every example. Plain DOM (createElement, textContent, append) and no
// HTML strings, so it runs under the Trusted Types policy of the strict-CSP example.
//
// Extension point: a flow adds its controls by appending one entry to `sections` (bottom of file):
//
//   { id: 'scanner', title: 'Scanner', render(body, sandbox) { body.append(sandbox.el('button', …)); } }
//
// `render` fills `body` (emptied first) on load and after every `sandbox.refresh()` (a reset
// refreshes all sections). It may be async; a thrown error is shown in the section. `sandbox` is:
//   get(call)              GET /__sandbox/<call>, parsed JSON (throws the control API's error text)
//   post(call, body?)      POST /__sandbox/<call> with a JSON body ({} when none is given)
//   el(tag, attrs, ...kids) an element; attrs are attributes, `on<event>` keys add listeners,
//                          kids are nodes or strings (strings become text, never markup)
//   announce(text)         says `text` in the console's polite live region
//   refresh()              renders every section again

const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, '');
    else if (value !== false && value != null) node.setAttribute(name, String(value));
  }
  node.append(...children);
  return node;
};

// Every POST is JSON, an empty object when there is nothing to say: the control API refuses
// anything else, so that a page on another site cannot post to it without a CORS preflight.
const call = async (method, path, body) => {
  const response = await fetch(`/__sandbox/${path}`, {
    method,
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error ?? `${response.status} ${response.statusText}`);
  return data;
};

const status = el('p', { class: 'demo-status', role: 'status' });
const announce = (text) => {
  status.textContent = text;
};

const sandbox = {
  get: (path) => call('GET', path),
  post: (path, body) => call('POST', path, body),
  el,
  announce,
  refresh: () => Promise.all(sections.map(renderSection)),
};

const bodies = new Map();

async function renderSection(section) {
  const body = bodies.get(section.id);
  body.replaceChildren();
  try {
    await section.render(body, sandbox);
  } catch (error) {
    body.replaceChildren(el('p', { class: 'demo-error' }, `Could not load: ${error.message}`));
  }
}

const personas = {
  id: 'personas',
  title: 'Personas',
  async render(body, { get, el }) {
    const rows = (await get('personas')).map((persona) =>
      el(
        'tr',
        {},
        el('th', { scope: 'row' }, el('span', { class: 'demo-mono' }, persona.userId), el('br'), el('small', {}, persona.email)),
        el('td', {}, persona.scannerStatus),
        el('td', { class: 'demo-mono' }, persona.serialNumber),
      ),
    );
    body.append(
      el(
        'table',
        { class: 'demo-compact' },
        el('caption', {}, 'Users and their virtual scanners'),
        el('thead', {}, el('tr', {}, ...['User ID', 'Scanner', 'Serial number'].map((name) => el('th', { scope: 'col' }, name)))),
        el('tbody', {}, ...rows),
      ),
    );
  },
};

const reset = {
  id: 'reset',
  title: 'Reset',
  render(body, { post, el, announce, refresh }) {
    body.append(
      el('p', {}, 'Personas, outbox, attempts, faults and knobs back to the seed.'),
      el(
        'button',
        {
          type: 'button',
          async onclick() {
            try {
              await post('reset');
              await refresh();
              announce('Sandbox reset.');
            } catch (error) {
              announce(`Reset failed: ${error.message}`);
            }
          },
        },
        'Reset sandbox',
      ),
    );
  },
};

// The colour codes on screen: every <img> of the widget's colour-code component, through open shadow roots.
const colourCodesOnScreen = (root = document, found = []) => {
  for (const element of root.querySelectorAll('*')) {
    if (element.matches('img.amwa-colour-code__image') && element.src.startsWith('data:image/png;base64,')) found.push(element);
    if (element.shadowRoot) colourCodesOnScreen(element.shadowRoot, found);
  }
  return found;
};

// A virtual scanner: the chosen persona holds it up to the colour code and reads its screen.
const scanWithMyScanner = {
  id: 'scanner',
  title: 'Scanner',
  async render(body, { get, post, el }) {
    const users = await get('personas');
    const select = el('select', { id: 'sandbox-scanner-persona' }, ...users.map((persona) => el('option', { value: persona.userId, selected: persona.userId === 'EMMA0005' }, `${persona.userId} (${persona.serialNumber})`)));
    const display = el('output', { class: 'demo-mono', id: 'sandbox-scanner-display', 'aria-live': 'polite', for: 'sandbox-scanner-persona' }, '–');
    const scan = async () => {
      const [image] = colourCodesOnScreen();
      if (!image) {
        display.textContent = 'No colour code on screen';
        return;
      }
      try {
        const { display: shown } = await post('scanner/scan', { userId: select.value, image: image.src.slice('data:image/png;base64,'.length) });
        display.textContent = shown;
      } catch (error) {
        display.textContent = error.message;
      }
    };
    body.append(
      el('p', {}, 'Scans the colour code on screen with the chosen persona\'s scanner and shows what its screen says.'),
      el('p', { class: 'demo-field' }, el('label', { for: 'sandbox-scanner-persona' }, 'Scanner of'), select),
      el('p', {}, el('button', { type: 'button', onclick: scan }, 'Scan with my scanner')),
      el('p', {}, 'Scanner screen: ', display),
    );
  },
};

// The registration e-mails the activation sends: where its 10-digit code arrives.
const outbox = {
  id: 'outbox',
  title: 'Outbox',
  render(body, { get, el, announce }) {
    const mails = el('div', { id: 'sandbox-outbox-mails' });
    const show = async () => {
      const sent = await get('outbox');
      mails.replaceChildren(
        sent.length === 0
          ? el('p', {}, 'No e-mail sent yet.')
          : el(
              'table',
              { class: 'demo-compact' },
              el('caption', {}, 'Registration e-mails, newest first'),
              el('thead', {}, el('tr', {}, ...['To', 'Registration code', 'Sent'].map((name) => el('th', { scope: 'col' }, name)))),
              el(
                'tbody',
                {},
                ...sent.reverse().map((mail) =>
                  el('tr', {}, el('td', {}, mail.to), el('td', { class: 'demo-mono' }, mail.code), el('td', {}, new Date(mail.sentAt).toLocaleTimeString())),
                ),
              ),
            ),
      );
      return sent.length;
    };
    const check = async () => {
      try {
        announce(`${await show()} e-mails in the outbox.`);
      } catch (error) {
        announce(`Could not read the outbox: ${error.message}`);
      }
    };
    body.append(
      el('p', {}, 'The registration codes scanner activation sends by e-mail (valid 10 minutes).'),
      mails,
      el('p', {}, el('button', { type: 'button', onclick: check }, 'Check for new e-mail')),
    );
    return show();
  },
};

// The bank's app on a phone: approves the newest QR code waiting on screen, as scanning it would.
const phone = {
  id: 'phone',
  title: 'Phone',
  async render(body, { get, post, el, announce }) {
    const waiting = el('p', { id: 'sandbox-phone-waiting' });
    const show = async () => {
      const pending = (await get('mobile/pending')).filter((qr) => !qr.confirmed);
      waiting.textContent =
        pending.length === 0
          ? 'No QR code is waiting for the app.'
          : `Waiting for the app: ${pending.map((qr) => `${qr.mode} (${qr.secondsLeft} s left)`).join(', ')}.`;
    };
    const approve = (mode) => async () => {
      try {
        await post('mobile/confirm', { mode });
        announce(`The app approved the ${mode} QR code.`);
      } catch (error) {
        announce(`Nothing approved: ${error.message}`);
      }
      await show().catch(() => undefined);
    };
    body.append(
      el('p', {}, "The bank's mobile app: approving confirms the newest QR code on screen, as scanning it would."),
      waiting,
      el(
        'p',
        {},
        el('button', { type: 'button', onclick: approve('logon') }, 'Approve logon'),
        ' ',
        el('button', { type: 'button', onclick: approve('link') }, 'Approve link'),
      ),
    );
    return show();
  },
};

// Sections in display order; flows append theirs here.
const sections = [personas, scanWithMyScanner, outbox, phone, reset];

const root = document.getElementById('sandbox-console');
if (root) {
  for (const section of sections) {
    const titleId = `sandbox-${section.id}-title`;
    const body = el('div');
    bodies.set(section.id, body);
    root.append(el('section', { class: 'demo-section', 'aria-labelledby': titleId }, el('h3', { id: titleId }, section.title), body));
  }
  root.append(status);
  sandbox.refresh();
}
