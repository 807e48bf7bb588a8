// The Storybook stand-in of client/frontend-stack-browser.test.ts: docs/examples/storybook-preview.ts and the story of
// docs/examples/storybook-story.ts, bundled against the real msw-storybook-addon 3.x, and the preview's loader called
// for a story as Storybook calls it (with the story's context), before the story's own requests.
import preview from '../docs/examples/storybook-preview.ts';
import { OutOfCredits } from '../docs/examples/storybook-story.ts';

declare global {
  interface Window {
    story(name: 'OutOfCredits' | 'NoHandlers'): Promise<number | string>;
  }
}

window.story = async (name) => {
  const parameters = name === 'OutOfCredits' ? OutOfCredits.parameters : {};
  for (const load of preview.loaders) await load({ parameters } as never);
  try {
    const res = await fetch('http://127.0.0.1:4010/api/public/v1/wallet', { headers: { authorization: 'demo-payg-key' } });
    return ((await res.json()) as { balance: number }).balance;
  } catch (err) {
    return `rejected ${(err as Error).name}`;
  }
};
