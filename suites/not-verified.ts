// The outcome of a check that cannot run on this target, apart from the registry so the client can throw it too.
/** Thrown when a check cannot run on this target: reported as "not verified: <why>". */
export class NotVerified extends Error {}
