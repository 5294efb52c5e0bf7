import { invalidArguments, type Services } from '../../../../core/index.js';
import { Workflow } from '../../entities/workflow.entity.js';
import type { DefinitionError } from '../definition/definition-error.js';
import type { Definition } from '../definition/definition.js';
import { STEP_TYPES } from '../definition/step-types.js';
import { validateDefinition, type Validation } from '../definition/validate-definition.js';

/**
 * The whole check of a definition for a shop: the definition's own rules (validate-definition.ts),
 * then what only the shop's data and this deployment can say: trigger_workflow targets (the shop's,
 * not the workflow itself) and steps whose group this server does not run.
 */
export async function checkForShop(deps: Services, raw: unknown, selfId: number | null): Promise<Validation> {
  const validation = validateDefinition(raw);
  if (!validation.valid) return validation;
  const definition = validation.definition!;
  const errors: DefinitionError[] = [];
  const groups = deps.kernelCatalog.names();
  const targets = new Map<number, string>();
  definition.steps.forEach((step, i) => {
    for (const group of STEP_TYPES[step.type]!.needs ?? [])
      if (!groups.includes(group))
        errors.push({
          path: `steps.${i}.type`,
          message: `${step.type} needs the ${group} group, which this server does not run`,
        });
    if (step.type === 'trigger_workflow') targets.set(i, String(step.params!.workflow_id));
  });
  if (targets.size > 0) {
    const ids = [...new Set([...targets.values()].map(Number))];
    const found = new Set((await deps.em.find(Workflow, { id: { $in: ids } }, { fields: ['id'] })).map((w) => w.id));
    for (const [i, id] of targets) {
      if (Number(id) === selfId)
        errors.push({ path: `steps.${i}.params.workflow_id`, message: 'names this workflow itself' });
      else if (!found.has(Number(id)))
        errors.push({ path: `steps.${i}.params.workflow_id`, message: `workflow ${id} does not exist` });
    }
  }
  return errors.length > 0 ? { valid: false, errors, warnings: validation.warnings, definition: null } : validation;
}

/** checkForShop, throwing invalid_arguments with every error at its path. */
export async function requireValid(deps: Services, raw: unknown, selfId: number | null): Promise<Definition> {
  const validation = await checkForShop(deps, raw, selfId);
  if (!validation.valid)
    throw invalidArguments(
      `The workflow definition has ${validation.errors.length} problem(s): ${validation.errors
        .slice(0, 5)
        .map((e) => `${e.path}: ${e.message}`)
        .join('; ')}`,
      validation.errors,
    );
  return validation.definition!;
}
