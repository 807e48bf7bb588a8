// Every public operation's handler, keyed by operationId; a test proves this matches the document exactly.
import type { HandlerMap } from '../pipeline.ts';
import { handlers as channels } from './channels.ts';
import { handlers as posts } from './posts.ts';
import { handlers as media } from './media.ts';
import { handlers as analytics } from './analytics.ts';
import { handlers as wallet } from './wallet.ts';
import { handlers as skills } from './skills.ts';
import { handlers as brief } from './brief.ts';
import { handlers as ai } from './ai.ts';
import { handlers as description } from './description.ts';

export const publicHandlers: HandlerMap = {
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
