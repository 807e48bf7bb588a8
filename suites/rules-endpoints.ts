// The rules audit of section 4 (endpoints): its rows, and its lines that are no rule, with why (suites/rules.ts).
import type { NotRule, Rule } from './rule.ts';

export const ENDPOINT_RULES: Rule[] = [];

export const ENDPOINT_NOT_RULES: NotRule[] = [];
