// Vitest 5's reporter uses Map.groupBy (Node 21+). On Node 20 a failing test would otherwise
// crash the reporter instead of printing what failed. Loaded with `node --import`.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = function groupBy(items, keyOf) {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      const list = groups.get(key);
      if (list) list.push(item);
      else groups.set(key, [item]);
    }
    return groups;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = function groupBy(items, keyOf) {
    const groups = Object.create(null);
    let index = 0;
    for (const item of items) (groups[keyOf(item, index++)] ??= []).push(item);
    return groups;
  };
}
