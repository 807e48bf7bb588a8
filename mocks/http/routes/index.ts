// Every public operation's handler, keyed by operationId; a test proves this matches the document exactly.
import type { HandlerMap } from '../pipeline.ts';
import type { PublicHandlers } from '../typed.ts';
import { handlers as channels } from './channels.ts';
import { handlers as posts } from './posts.ts';
import { handlers as media } from './media.ts';
import { handlers as analytics } from './analytics.ts';
import { handlers as wallet } from './wallet.ts';
import { handlers as skills } from './skills.ts';
import { handlers as brief } from './brief.ts';
import { handlers as ai } from './ai.ts';
import { handlers as description } from './description.ts';

/** Complete: an operation of the document without its handler, or a handler of no operation, does not compile. */
const typed: PublicHandlers = {
  ...channels,
  ...posts,
  ...media,
  ...analytics,
  ...wallet,
  ...skills,
  ...brief,
  ...ai,
  ...description,
};

/** The pipeline runs each handler after validating the request against the document these types come from. */
export const publicHandlers = typed as unknown as HandlerMap;
