// Values quoted in failure messages, apart from the registry so the client can quote them too.
/** A compact JSON rendering for failure messages. */
export function show(value: unknown, max = 400): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  if (text === undefined) return 'nothing';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
