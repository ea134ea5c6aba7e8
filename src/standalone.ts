// The plain <script type="module"> build: everything of `amwa`, and <amwa-portal> registered,
// so elements already in the page mount while this module is evaluated.
import { defineAmwaElement } from './element';

defineAmwaElement();

export * from './index';
