import { defineResourceTemplate } from 'switchboard';

const IDS = ['123', '456', '789'];

export const templateData = defineResourceTemplate({
  uriTemplate: 'test://template/{id}/data',
  name: 'Template data',
  description: 'Conformance fixture: a record per id, with the id substituted.',
  mimeType: 'application/json',
  read: async ({ id }) => ({ id, templateTest: true, data: `Data for ID: ${id}` }),
  complete: { id: async (value) => IDS.filter((id) => id.startsWith(value)) },
});
