// The compose page of client/frontend-stack-browser.test.ts: an app page that holds no key and calls the API through
// its own origin's route with docs/examples/page-through-route.ts, showing what happened in a role="alert".
import { apiBaseUrl } from './index.ts';
import { channels, publish } from '../docs/examples/page-through-route.ts';

declare global {
  interface Window {
    stack: { base(): string; channels(): Promise<string[]> };
  }
}

const button = document.getElementById('publish')!;
button.addEventListener('click', async () => {
  document.getElementById('outcome')?.remove();
  const out = document.createElement('p');
  out.id = 'outcome';
  try {
    const linkedin = (await channels()).find((c) => c.identifier === 'linkedin')!;
    const outcome = await publish({
      type: 'schedule',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      shortLink: false,
      tags: [],
      posts: [{ integration: { id: linkedin.id }, value: [{ content: 'From the compose page', image: [] }], settings: { __type: 'linkedin' } }],
    });
    if (outcome.ok) out.textContent = `Scheduled ${outcome.postIds.join(' ')}`;
    else {
      out.textContent = `${outcome.status}: ${outcome.text}`;
      if (outcome.topUpUrl) {
        const link = document.createElement('a');
        link.href = outcome.topUpUrl;
        link.textContent = 'Top up';
        out.append(' ', link);
      }
    }
  } catch (err) {
    out.textContent = `failed: ${String(err)}`;
  }
  out.setAttribute('role', 'alert');
  document.body.append(out);
});

window.stack = {
  base: () => apiBaseUrl('/api/spw'),
  channels: async () => (await channels()).map((c) => c.identifier),
};
