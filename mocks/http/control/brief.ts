// Control API handlers of this area, keyed by the operationIds of spec/control.yaml (seed; the area's owner fills it).
import type { HandlerMap } from '../pipeline.ts';

export const handlers: HandlerMap = {};
