/**
 * Edit distance between two names (optimal string alignment: insert, delete, replace, or swap two
 * neighbours, each costing 1), ignoring case, so `apiBaseURL` is 0 away from `apiBaseUrl`.
 */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  // Three rows are all the swap step looks back at.
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      row.push(best);
    }
    before = previous;
    previous = row;
  }
  return previous[y.length]!;
}

/**
 * The known name closest to `name`, if one is close enough to be the name meant: at most a third of
 * its length away (at least 1, at most 3), and nearer than any other. A tie gives the first in `known`.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  if (name.length > 100) return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    if (distance <= limit && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}
