// Text from a server, a client or a file, as shown to a person: on the mock's console, on a terminal, in a report. One
// rule for all of them, at the bottom of the layers so each can use it. Bidirectional formatting characters (U+202E
// reverses what follows it, an id after a name among them) and control characters (an escape sequence drives a
// terminal: it moves the cursor, hides text, retitles the window; a lone carriage return writes over the line) are
// written as a visible `⟨U+202E⟩` instead of acting on the text around them, as browsers show untrusted text in their
// address bar. Tabs and line breaks stay.
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

export function visible(text: string): string {
  return text.replace(INVISIBLE, (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

/** Every string of a JSON value made `visible`: a report or an answer, before any of it is printed. */
export function visibleDeep<T>(value: T): T {
  if (typeof value === 'string') return visible(value) as T;
  if (Array.isArray(value)) return value.map((v) => visibleDeep(v)) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visibleDeep(v)])) as T;
  return value;
}
