// Features the free plan opens with the first wallet top-up: the agent brief and the skills library (reference sections 1, 4.6, 4.7, 8).
import { walletRefusal } from './errors.ts';
import type { Workspace } from './world.ts';

export type UnlockFeature = 'brief' | 'skills';

/** Refusal messages observed on the production service (field notes, "Wallet"). */
export const UNLOCK_MESSAGES: Record<UnlockFeature, string> = {
  brief: 'The agent brief opens after your first wallet top-up.',
  skills: 'The skills library opens after your first wallet top-up.',
};

/**
 * Open on a paid plan; on the free plan once the wallet has been topped up.
 * Mock decision: the unlock follows the first top-up and survives a later freeze (a freeze stops paid actions;
 * reading the brief or the skills costs nothing). The reference ties the unlock to the first top-up only.
 */
export function isUnlocked(ws: Workspace): boolean {
  return ws.plan === 'paid' || ws.wallet.toppedUp;
}

/** Throws the 402 wallet refusal (`wallet: true`) when the feature is still locked. */
export function requireUnlocked(ws: Workspace, feature: UnlockFeature): void {
  if (!isUnlocked(ws)) throw walletRefusal(UNLOCK_MESSAGES[feature]);
}
