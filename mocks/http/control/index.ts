// Every control API handler, keyed by the operationIds of spec/control.yaml; a test proves the match.
import type { HandlerMap } from '../pipeline.ts';
import type { ControlHandlers } from '../typed.ts';
import { handlers as core } from './core.ts';
import { handlers as wallet } from './wallet.ts';
import { handlers as oauth } from './oauth.ts';
import { handlers as brief } from './brief.ts';
import { handlers as keys } from './keys.ts';
import { handlers as walletPage } from './wallet-page.ts';
import { handlers as scenario } from './scenario.ts';
import { handlers as journal } from './journal.ts';
import { handlers as overrides } from './overrides.ts';
import { handlers as states } from './states.ts';
import { handlers as workspaceReset } from './workspace-reset.ts';

/** Complete: an operation of the document without its handler, or a handler of no operation, does not compile. */
const typed: ControlHandlers = {
  ...core,
  ...wallet,
  ...oauth,
  ...brief,
  ...keys,
  ...walletPage,
  ...scenario,
  ...journal,
  ...overrides,
  ...states,
  ...workspaceReset,
};

/** The pipeline runs each handler after validating the request against the document these types come from. */
export const controlHandlers = typed as unknown as HandlerMap;
