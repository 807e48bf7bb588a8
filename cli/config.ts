// Settings for the command line come from three places, in this order: flags, environment variables, then an optional
// JSON file (spw.config.json in the working folder, or --config <file>). Commander reads the flags and the environment;
// this fills in, from the file, only what neither gave, reads boolean environment variables strictly, and renders the
// one table of every option that docs/configuration.md shows (a test keeps the two equal).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command, Option } from 'commander';

export const CONFIG_FILE = 'spw.config.json';
export const CONFIG_ENV = 'SPW_CONFIG';

/** A mistake in how the command was called (a flag, an environment variable, the config file): exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Options that are actions or the file itself, not settings: no config key. */
const NOT_IN_FILE = new Set(['help', 'config', 'list', 'version']);

/** Options holding a path: a relative path written in the file is read from the file's folder, not the working one. */
const PATH_OPTIONS = new Set(['mock.fixtures', 'verify.junit', 'verify.json', 'proxy.report']);

/** Options whose value is a comma separated list, also written as a JSON array in the file. */
const LIST_OPTIONS = new Set(['verify.checks']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFlag = (o: Option) => !o.required && !o.optional;

/** The options of `command` a config file may set, by config key (commander's attribute name: `--key-free` is `keyFree`). */
export function fileOptions(command: Command): Map<string, Option> {
  return new Map(command.options.filter((o) => !o.negate && !NOT_IN_FILE.has(o.attributeName())).map((o) => [o.attributeName(), o]));
}

/** `true`/`false` from an environment variable: 1, true, yes, on / 0, false, no, off, empty. Anything else is a mistake. */
export function envBoolean(name: string, raw: string): boolean {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  throw new UsageError(`${name}=${raw}: expected true or false (1/0, yes/no, on/off)`);
}

/** The config file to read: `--config`/SPW_CONFIG when given (it must exist), else spw.config.json here when present. */
export function findConfigFile(explicit: string | undefined, cwd = process.cwd()): string | undefined {
  if (explicit !== undefined) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw new UsageError(`--config ${explicit}: no such file`);
    return file;
  }
  const file = resolve(cwd, CONFIG_FILE);
  return existsSync(file) ? file : undefined;
}

/** Read and check the whole file against every command's options, so a typo anywhere is reported, whatever command runs. */
export function readConfigFile(file: string, program: Command): Map<string, Map<string, unknown>> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${file}: cannot be read (${(err as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file}: not valid JSON (${(err as Error).message})`);
  }
  // A command with no settings of its own (replay takes its run's from a report) has no section.
  const commands = new Map(program.commands.filter((c) => c.options.length > 0 || c.commands.length > 0).map((c) => [c.name(), c]));
  const sections = [...commands.keys()].map((n) => `"${n}"`).join(', ');
  if (!isObject(parsed)) throw new UsageError(`${file}: expected a JSON object with ${sections} sections`);
  const out = new Map<string, Map<string, unknown>>();
  for (const [section, body] of Object.entries(parsed)) {
    const command = commands.get(section);
    if (!command) throw new UsageError(`${file}: unknown section "${section}" (sections: ${sections})`);
    if (!isObject(body)) throw new UsageError(`${file}: "${section}" must be an object of options, e.g. {"port": 4011}`);
    const known = fileOptions(command);
    const values = new Map<string, unknown>();
    for (const [key, value] of Object.entries(body)) {
      const option = known.get(key);
      if (!option) throw new UsageError(`${file}: ${section}.${key} is not a setting of spw ${section}${suggest(key, known)}; settings: ${[...known.keys()].join(', ')}`);
      values.set(key, fromFile(file, `${section}.${key}`, option, value));
    }
    out.set(section, values);
  }
  return out;
}

function suggest(key: string, known: Map<string, Option>): string {
  const flat = key.replace(/^-+/, '').replace(/[-_]/g, '').toLowerCase();
  const match = [...known.keys()].find((k) => k.toLowerCase() === flat);
  return match ? ` (did you mean "${match}"?)` : '';
}

/** A file value as commander would hold it from the command line: strings, booleans for flags, arrays for repeatable options. */
function fromFile(file: string, name: string, option: Option, value: unknown): unknown {
  const wrong = (expected: string) => new UsageError(`${file}: ${name} must be ${expected}, not ${JSON.stringify(value)}`);
  if (isFlag(option)) {
    if (typeof value !== 'boolean') throw wrong('true or false');
    return value;
  }
  const scalar = (v: unknown) => {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    throw wrong(option.variadic || LIST_OPTIONS.has(name) ? 'a string or an array of strings' : 'a string or a number');
  };
  if (option.variadic) return Array.isArray(value) ? value.map(scalar) : [scalar(value)];
  if (LIST_OPTIONS.has(name) && Array.isArray(value)) return value.map(scalar).join(',');
  const text = scalar(value);
  return PATH_OPTIONS.has(name) ? resolve(dirname(file), text) : text;
}

/**
 * Before a command's action: read boolean environment variables strictly (commander takes any value, even "false", as
 * true), fill in from the config file what no flag or variable gave, and split repeatable options on commas.
 */
export function applyConfig(command: Command): void {
  const program = command.parent ?? command;
  for (const option of command.options) {
    const key = option.attributeName();
    if (option.envVar && isFlag(option) && command.getOptionValueSource(key) === 'env') {
      command.setOptionValueWithSource(key, envBoolean(option.envVar, process.env[option.envVar] ?? ''), 'env');
    }
  }
  const file = findConfigFile(command.getOptionValue('config') as string | undefined);
  if (file) {
    const values = readConfigFile(file, program).get(command.name()) ?? new Map<string, unknown>();
    for (const [key, value] of values) {
      const source = command.getOptionValueSource(key);
      if (source === undefined || source === 'default') command.setOptionValueWithSource(key, value, 'config');
    }
  }
  for (const option of command.options) {
    const key = option.attributeName();
    const value = command.getOptionValue(key);
    if (option.variadic && Array.isArray(value)) {
      const items = value.flatMap((v: string) => v.split(',')).map((v: string) => v.trim()).filter(Boolean);
      command.setOptionValueWithSource(key, items, command.getOptionValueSource(key));
    }
  }
}

/** Table cell text: pipes escaped; angle brackets too outside code, or Markdown takes `<origin>` for an HTML tag. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const code = (s: string) => `\`${s.replace(/\|/g, '\\|')}\``;

/** The one table of every option of every command: flag, environment variable, config key, default, meaning. */
export function optionsTable(program: Command): string {
  const rows = ['| Command | Flag | Environment variable | Config file key | Default | What it sets |', '|---|---|---|---|---|---|'];
  for (const command of program.commands) {
    const inFile = fileOptions(command);
    for (const option of command.options) {
      const key = option.attributeName();
      const def = option.defaultValue === undefined ? '—' : code(String(option.defaultValue));
      rows.push(
        `| ${command.name()} | ${code(option.flags)} | ${option.envVar ? code(option.envVar) : '—'} | ${inFile.has(key) ? code(`${command.name()}.${key}`) : '—'} | ${def} | ${cell(option.description)} |`,
      );
    }
  }
  return rows.join('\n');
}
