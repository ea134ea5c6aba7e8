/**
 * Where the docs of every setting live, named in settings errors: the page ships in the package,
 * so it exists wherever the widget runs from, whatever registry and scope it came from.
 */
export const SETTINGS_DOCS = 'docs/settings.md in the amwa package (node_modules/amwa/docs/settings.md)';

/** What a settings problem leaves on screen: the error page at mount, the last good settings after. */
export const settingsOutcome = (atMount: boolean): string =>
  atMount ? 'The widget shows its error page until the settings are fixed' : 'The widget keeps its last good settings';

/** The console error of a settings problem, the same in the browser and in a server render. */
export function settingsErrorText(message: string, atMount: boolean): string {
  // A list of problems gets the outcome on a line of its own, after the last one.
  const end = message.includes('\n') ? '\n' : message.endsWith('?') ? ' ' : '. ';
  return `${message}${end}${settingsOutcome(atMount)}. See ${SETTINGS_DOCS}.`;
}
