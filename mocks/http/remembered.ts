// Facts worked out once per distinct value a client sends (a Host, an origin, a header name), so the request path
// does not work them out again on every request.

/**
 * `make(key)`, remembered per key in `map`. The keys come from clients, so the map is bounded: it is emptied whole when
 * it holds `max`, and the few keys a client really uses come back at once.
 */
export function remembered<K, V>(map: Map<K, V>, key: K, max: number, make: (key: K) => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make(key);
    if (map.size >= max) map.clear();
    map.set(key, value);
  }
  return value;
}
