// The name of a unit the runner schedules: a check, or one part of a check with parts (`Check.parts`).

/**
 * How a part of a check is named, in `--checks`, in a unit's history and in the reports: `check/part` (the check's own
 * name when there is no part).
 */
export function unitName(check: string, part?: string): string {
  return part === undefined ? check : `${check}/${part}`;
}

/** The check and part a unit's name (`check/part`) stands for. */
export function unitOf(name: string): { check: string; part?: string } {
  const at = name.indexOf('/');
  return at < 0 ? { check: name } : { check: name.slice(0, at), part: name.slice(at + 1) };
}
