// Faults: named, realistic deviations from the contract, switched on at start to prove the suites catch them. Owner: the suites work.
import type { MockState } from './state.ts';

export interface FaultDefinition {
  name: string;
  area: string;
  description: string;
}

/** The catalogue. Behaviour lives where the fault bites: response overrides here, domain checks read state.faults. */
export const FAULTS: FaultDefinition[] = [];

export function applyFaults(state: MockState): void {
  const unknown = [...state.faults].filter((f) => !FAULTS.some((d) => d.name === f));
  if (unknown.length > 0) {
    throw new Error(`Unknown fault(s): ${unknown.join(', ')}. Known: ${FAULTS.map((f) => f.name).join(', ') || 'none yet'}`);
  }
}
