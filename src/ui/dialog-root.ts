import { createContext } from 'react';
import type { StyleRoot } from './styles';

/**
 * Where dialogs portal to unless told otherwise: the widget's root element, so they inherit its
 * theme inside the shadow root. Kept apart from dialog.tsx so the shell can provide it without
 * loading floating-ui before a dialog is needed.
 */
export const DialogRootContext = createContext<HTMLElement | ShadowRoot | undefined>(undefined);

/** Where lazily loaded components adopt their stylesheets: the widget's shadow root or document. */
export const StyleScopeContext = createContext<{ root: StyleRoot; nonce?: string } | undefined>(undefined);
