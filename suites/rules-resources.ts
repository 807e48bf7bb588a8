// The rules audit of section 2 (resources and their fields): its rows, and its lines that are no rule, with why (suites/rules.ts).
import type { NotRule, Rule } from './rule.ts';

export const RESOURCE_RULES: Rule[] = [];

export const RESOURCE_NOT_RULES: NotRule[] = [];
