// Side effect: registers <amwa-portal>. Listed in package.json `sideEffects`.
import { defineAmwaElement } from './element';

defineAmwaElement();
