// The fault catalogue, Plan gates (sections 1, 4.7, 4.8, 7): each fault a realistic deviation from the contract and the checks that catch it.
import type { FaultDefinition } from './helpers.ts';

/** The plans faults, in the catalogue's order. */
export const PLANS: FaultDefinition[] = [
  {
    name: 'brief-gate-403',
    area: 'plans',
    description: 'Brief endpoints answer 403 instead of 402 on a free workspace before its first top-up.',
    caughtBy: ['plan_gates', 'status_code_conformance'],
    operations: ['getBriefSchema', 'listBriefDocuments', 'getBriefOnboarding', 'getBriefDocument', 'saveBriefDocument', 'deleteBriefDocument'],
    override: () => (r) => (r.status === 402 ? { ...r, status: 403 } : undefined),
  },
  {
    name: 'ai-refusal-unshaped',
    area: 'plans',
    description: "AI endpoints refuse free workspaces with a 402 in neither refusal's shape (no message, no url).",
    caughtBy: ['plan_gates', 'response_schema_conformance'],
    operations: ['generateVideo', 'runVideoFunction'],
    override: () => (r) => (r.status === 402 ? { ...r, body: { error: 'upgrade required' } } : undefined),
  },
  {
    name: 'x-connect-open',
    area: 'plans',
    description: 'GET /social/x gives a connect URL to a free workspace that never topped up.',
    caughtBy: ['plan_gates'],
    operations: ['getSocialConnectUrl'],
    override: () => (r) => (r.status === 402 ? { ...r, status: 200, body: { url: 'https://x.com/i/oauth2/authorize?client_id=mock&state=fault' } } : undefined),
  },
];
