// Reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009): each ranked list gives an item 1 / (k + rank);
// the sums order the fused list. It needs no score calibration between bm25 and cosine, which live on different
// scales, and k = 60 is the value the paper found robust.
export const RRF_K = 60;

export interface Fused<T> {
  id: T;
  score: number;
  /** 1-based rank of the item in each input list (absent when the list did not have it) */
  ranks: Array<number | null>;
}

export function reciprocalRankFusion<T>(lists: T[][], k = RRF_K): Fused<T>[] {
  const byId = new Map<T, Fused<T>>();
  lists.forEach((list, li) => {
    list.forEach((id, i) => {
      let f = byId.get(id);
      if (!f) {
        f = { id, score: 0, ranks: lists.map(() => null) };
        byId.set(id, f);
      }
      if (f.ranks[li] !== null) return; // a list naming an item twice counts its best rank only
      f.ranks[li] = i + 1;
      f.score += 1 / (k + i + 1);
    });
  });
  // Ties (same score) keep the order of first appearance, so the result is stable.
  return [...byId.values()].sort((a, b) => b.score - a.score);
}
