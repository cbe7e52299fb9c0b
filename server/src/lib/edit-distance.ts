/** Optimal string alignment distance (one transposition counts one), stopping past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i < rows; i++) {
    let best = Number.POSITIVE_INFINITY;
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
  }
  return (d[a.length] as number[])[b.length] as number;
}

/**
 * How many edits a typed name or search word may carry and still be read as one the database holds
 * ("cartr" → "carter", "ayesha" → "aisha"): none below four letters, one at four, two from five.
 */
export function typoBudget(length: number): number {
  if (length <= 3) return 0;
  if (length === 4) return 1;
  return 2;
}
