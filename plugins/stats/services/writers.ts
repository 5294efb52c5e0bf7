/**
 * Distinct writers over any range of days, from one small array per day. For a day D, element k
 * (0-based) counts the people who wrote on D and had not written in the k days before D. Over the
 * days [F, T) a person counts once, on the first day they wrote in the range, where they had not
 * written in the D − F days before — so the range's distinct writers are Σ writers_D[D − F]. The
 * counts stop changing after the longest gap seen that day, so the array ends there and a read
 * past its end takes the last element (those who never wrote before).
 */
export function quietBefore(gaps: Map<number, number>): number[] {
  // gap 0 stands for "never wrote before": it counts at every k.
  const never = gaps.get(0) ?? 0;
  const longest = Math.max(0, ...gaps.keys());
  const counts: number[] = new Array(longest + 1);
  let laterGaps = 0;
  for (let k = longest; k >= 0; k--) {
    counts[k] = never + laterGaps;
    laterGaps += k > 0 ? (gaps.get(k) ?? 0) : 0;
  }
  return counts;
}

/** SQL: Σ writers_D[D − F] over a range of rolled days, F bound as the first parameter. */
export const WRITERS_IN_RANGE = `coalesce(sum(writers[least(day::date - ?::date + 1, cardinality(writers))]), 0)::int`;
