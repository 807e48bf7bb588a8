/** Where a JSON bundle records the hash of the YAML it was made from (read by the runtime, written by the bundler). */
export const SOURCE_HASH_KEY = 'x-source-sha256';
