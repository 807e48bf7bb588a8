// Control API handlers for scenarios: export the whole world, or replace it with a document (spec/control.yaml Scenario).
import { invalid } from '../../domain/errors.ts';
import { exportScenario, ScenarioError, type Scenario } from '../../domain/scenario.ts';
import { describeProblems, loadScenario } from '../scenario.ts';
import type { ControlHandlers } from '../typed.ts';


export const handlers = {
  exportScenario: (ctx) => {
    // The world's own records, encoded at once (nothing runs between): a copy of every record first doubled the heap
    // an export took, which at full budgets was the mock's largest peak. Strict mode checks the answer as a value.
    const text = JSON.stringify(exportScenario(ctx.state.world, { now: ctx.state.clock.now(), frozen: ctx.state.clock.frozen }, undefined, { share: true }));
    if (ctx.state.strict) return { body: JSON.parse(text) as Scenario };
    return { response: new Response(text, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } }) };
  },

  importScenario: (ctx) => {
    try {
      loadScenario(ctx.state, ctx.body);
    } catch (err) {
      if (err instanceof ScenarioError) throw invalid(describeProblems(err.problems));
      throw err;
    }
    return { body: { ok: true, workspaces: ctx.state.world.workspaces.size } };
  },
} satisfies Partial<ControlHandlers>;
