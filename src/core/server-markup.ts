/** The attribute on the root of a screen rendered by a server (`amwa/server`): the browser hydrates it instead of rendering anew. */
export const SERVER_MARK = 'data-amwa-server';

/** The class of the server's note that a step needs the script; the browser removes it when it takes over. */
export const NEEDS_SCRIPT_CLASS = 'amwa-needs-script';
