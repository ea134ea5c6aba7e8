// A bank page without a framework: `mount` from amwa, and the events it fires, typed.
import { mount } from 'amwa';

const element = document.getElementById('portal');
if (!element) throw new Error('#portal is missing from index.html');

const portal = mount(element, {
  // The widget owns every path of this page; the API is proxied under /api (vite.config.ts).
  apiBaseUrl: '/api/access',
  securityApiBaseUrl: '/api',
  brandPrefix: 'demobank',
  serviceEmail: 'service@demobank.example',
});

const lastEvent = document.getElementById('last-event');
// Each listener's detail is typed by the event's name: `path` and `pageName` are known here.
portal.on('amwa-ready', ({ path }) => {
  document.body.dataset.ready = path;
});
portal.on('amwa-page-load', ({ pageName }) => {
  if (lastEvent) lastEvent.textContent = `Page: ${pageName}`;
});
