import { defineResource } from 'switchboard';
import { RED_PIXEL_PNG } from '../media.js';

export const staticBinary = defineResource({
  uri: 'test://static-binary',
  name: 'Static binary',
  description: 'Conformance fixture: a binary resource (a 1×1 red PNG).',
  mimeType: 'image/png',
  read: async () => RED_PIXEL_PNG,
});
