// Bandwidth-reducing node order (reverse Cuthill–McKee): the equations of a node are numbered together, so the
// half-bandwidth of the stiffness matrix is about three times the largest difference of order between the two ends
// of a member. For a frame of s storeys and n bays entered in any order this gives a band of about 3(n + 2),
// independent of s, where the input order can give a band as wide as the matrix.

/** The nodes 0 … count−1 in reverse Cuthill–McKee order, given the members as pairs of node indices. */
export function reverseCuthillMcKee(count: number, edges: ReadonlyArray<readonly [number, number]>): number[] {
  const adj: number[][] = Array.from({ length: count }, () => []);
  for (const [a, b] of edges) {
    if (a === b) continue;
    adj[a]!.push(b);
    adj[b]!.push(a);
  }
  for (const list of adj) list.sort((x, y) => adj[x]!.length - adj[y]!.length || x - y);
  const placed = new Uint8Array(count);
  const order: number[] = [];
  const bfs = (start: number, mark: Uint8Array): number[] => {
    const seen: number[] = [start];
    mark[start] = 1;
    for (let h = 0; h < seen.length; h++) {
      for (const m of adj[seen[h]!]!) {
        if (!mark[m]) {
          mark[m] = 1;
          seen.push(m);
        }
      }
    }
    return seen;
  };
  for (let s = 0; s < count; s++) {
    if (placed[s]) continue;
    // a pseudo-peripheral start: the last node reached from the component's least-connected node
    const probe = new Uint8Array(count);
    const component = bfs(s, probe);
    let start = component.reduce((best, v) => (adj[v]!.length < adj[best]!.length ? v : best), s);
    const far = bfs(start, new Uint8Array(count));
    start = far[far.length - 1]!;
    order.push(...bfs(start, placed));
  }
  return order.reverse();
}
