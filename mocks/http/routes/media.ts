// Handlers for the public operations of this area, keyed by operationId (seed; the area's owner fills it).
import type { HandlerMap } from '../pipeline.ts';

export const handlers: HandlerMap = {};
