// The variables `verify` reads each secret flag from: the command line declares its options with them, reports and
// replay lines name them in a secret's place, and `spw replay` reads them back. No imports, so the command line loads
// it at start without the suites.
export const SECRET_ENV = {
  free: 'VERIFY_KEY_FREE',
  payg: 'VERIFY_KEY_PAYG',
  paid: 'VERIFY_KEY_PAID',
  statesToken: 'VERIFY_STATES_TOKEN',
  controlToken: 'VERIFY_CONTROL_TOKEN',
} as const;
