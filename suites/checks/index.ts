// Registers every check, in the order the runner runs them (generic first, then the domain's own).
import './not-a-server-error.ts';
import './status-code-conformance.ts';
import './content-type-conformance.ts';
import './response-schema-conformance.ts';
import './response-headers-conformance.ts';
import './positive-data-acceptance.ts';
import './negative-data-rejection.ts';
import './ignored-auth.ts';
