/** A problem in a workflow definition, at its JSON path (`steps[2].params.text`). */
export interface DefinitionError {
  path: string;
  message: string;
}
