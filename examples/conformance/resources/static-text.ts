import { defineResource } from 'switchboard';

export const staticText = defineResource({
  uri: 'test://static-text',
  name: 'Static text',
  description: 'Conformance fixture: a text resource.',
  mimeType: 'text/plain',
  read: async () => 'This is the content of the static text resource.',
});
