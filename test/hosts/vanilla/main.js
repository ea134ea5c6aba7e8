// A bank page that never uses React: `mount` from the packed package, twice on one page.
import { mount } from 'amwa';

const settings = {
  basePath: '/hosts/vanilla',
  apiBaseUrl: `${location.origin}/access`,
  securityApiBaseUrl: location.origin,
  brandPrefix: 'demobank',
  serviceEmail: 'service@demobank.example',
};

const portal = mount(document.getElementById('portal'), settings);
portal.on('amwa-ready', ({ path }) => (document.body.dataset.ready = path));
// A second, independent widget in memory routing: it must not disturb the first.
if (new URLSearchParams(location.search).has('twice')) {
  mount(document.getElementById('second-portal'), { ...settings, routing: 'memory', initialRoute: '/pages/logout' });
}
