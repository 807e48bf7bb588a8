// docs/frontend.md, "Storybook": a story with a world of its own, from a ready scenario, so what one story does never
// shows in the next. The preview's loader (docs/examples/storybook-preview.ts) puts these handlers in front.
import { createMswMock } from 'social-publishing-contract/msw';
import lowCredits from 'social-publishing-contract/scenarios/low-credits.json' with { type: 'json' };

export const OutOfCredits = {
  parameters: { msw: { handlers: createMswMock({ scenario: lowCredits, latency: '300' }).handlers } },
};
