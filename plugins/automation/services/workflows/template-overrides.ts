import { invalidArguments, notFound } from '../../../../core/index.js';
import type { Definition, Trigger, WorkflowSettings } from '../definition/definition.js';
import { WORKFLOW_TEMPLATES, type WorkflowTemplate } from './workflow-templates.js';

export interface TemplateOverrides {
  texts?: Record<string, string>;
  trigger?: Trigger;
  settings?: WorkflowSettings;
}

/** A template's definition with the overrides applied (checked in full when the workflow is created). */
export function fromTemplate(
  key: string,
  overrides: TemplateOverrides,
): { template: WorkflowTemplate; definition: Definition } {
  const template = WORKFLOW_TEMPLATES.find((t) => t.key === key);
  if (!template) throw notFound('template', key);
  const definition = structuredClone(template.definition);
  for (const [stepId, text] of Object.entries(overrides.texts ?? {})) {
    const step = definition.steps.find((s) => s.id === stepId);
    if (!step || typeof step.params?.text !== 'string')
      throw invalidArguments(`The template has no step "${stepId}" with a text.`, [
        {
          path: `overrides.texts.${stepId}`,
          message: `must be one of ${definition.steps
            .filter((s) => typeof s.params?.text === 'string')
            .map((s) => s.id)
            .join(', ')}`,
        },
      ]);
    step.params!.text = text;
  }
  if (overrides.trigger) definition.trigger = overrides.trigger;
  if (overrides.settings) definition.settings = overrides.settings;
  return { template, definition };
}
