// The plain <script type="module"> build: everything of `amwa`, and <amwa-portal> registered.
// Registered by a call, not a side-effect import: package.json `sideEffects` names only dist
// files, so a bundler is free to drop `import './register'` from this source.
import { defineAmwaElement } from './element';

defineAmwaElement();

export * from './index';
