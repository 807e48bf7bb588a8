// Control API handlers for scenarios: export the whole world, or replace it with a document (spec/control.yaml Scenario).
import { invalid } from '../../domain/errors.ts';
import { exportScenario, ScenarioError } from '../../domain/scenario.ts';
import { describeProblems, loadScenario } from '../scenario.ts';
import type { ControlHandlers } from '../typed.ts';


export const handlers = {
  exportScenario: (ctx) => ({ body: exportScenario(ctx.state.world, { now: ctx.state.clock.now(), frozen: ctx.state.clock.frozen }) }),

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
