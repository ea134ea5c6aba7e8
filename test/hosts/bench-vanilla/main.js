// The bench's vanilla host (test/bench/first-screen.mjs): `mount` from the packed package, on the
// sandbox's own origin under /hosts/vanilla/ with the API beside it, as no example is (each
// proxies the API under an origin of its own).
import { mount } from 'amwa';

mount(document.getElementById('portal'), {
  basePath: '/hosts/vanilla',
  apiBaseUrl: `${location.origin}/access`,
  securityApiBaseUrl: location.origin,
  brandPrefix: 'demobank',
  serviceEmail: 'service@demobank.example',
});
