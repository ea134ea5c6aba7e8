// Parsers turn what the user sees (view value) into what validators and calls get (model value).

/**
 * Removes the separators a user or a formatter puts between digits (whitespace, hyphens);
 * anything else stays, so a validator can reject it and the field keeps what was typed.
 */
export function parseDigits(view: string): string {
  return view.replace(/[\s-]+/g, '');
}
