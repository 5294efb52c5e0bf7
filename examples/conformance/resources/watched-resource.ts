import { defineResource } from 'switchboard';

export const watchedResource = defineResource({
  uri: 'test://watched-resource',
  name: 'Watched resource',
  description: 'Conformance fixture: a resource a client subscribes to (resources/subscribe).',
  mimeType: 'text/plain',
  read: async () => 'This resource is watched by the subscription scenarios.',
});
