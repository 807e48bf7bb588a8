// The server errors every public operation answers on demand (Prefer: code=5xx, an override), though the document
// lists none: kept apart from the overrides so the console's override form offers the same ones without their code.

/**
 * The reference shows no 5xx (a mock decision): a real deployment sends them all the same, from the service, its
 * proxy or its gateway, and an app's error page has to be seen. The body is the reference's `Error` shape.
 */
export const SERVER_ERRORS: readonly number[] = [500, 502, 503, 504];

/** The `Retry-After` an asked-for 503 carries: a service that is down for a moment says when to come back. */
export const SERVER_ERROR_RETRY_AFTER_SECONDS = 30;
