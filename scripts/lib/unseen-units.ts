// The checks and parts a recorded run has not seen: `npm run states:map` writes what each sent and needed
// (suites/states-map.json) and what each costs (suites/unit-costs.json); a check added since is in neither until then.
import '../../suites/checks/index.ts';
import { allChecks } from '../../suites/checks/registry.ts';
import { knownCheck, operationsOf } from '../../suites/states-map.ts';
import { costOf } from '../../suites/unit-costs.ts';
import { unitName } from '../../suites/units.ts';

/** Each property check and part missing from the states map or the unit costs, with which. */
export function unseenUnits(): string[] {
  const out: string[] = [];
  for (const c of allChecks().filter((x) => x.kind === 'property' && !x.name.startsWith('test_'))) {
    if (!knownCheck(c.name)) out.push(`${c.name}: not in suites/states-map.json`);
    for (const unit of (c.parts?.() ?? [undefined]).map((p) => unitName(c.name, p))) {
      if (operationsOf(unit) === undefined) out.push(`${unit}: no operations in suites/states-map.json`);
      if (costOf(unit) === undefined) out.push(`${unit}: no cost in suites/unit-costs.json`);
    }
  }
  return out;
}
