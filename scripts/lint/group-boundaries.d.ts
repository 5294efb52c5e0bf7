import type { Rule } from 'eslint';

export declare const groupBoundaries: Rule.RuleModule;
