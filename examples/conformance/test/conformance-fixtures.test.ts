import { expect } from 'chai';
import { bootKernel, type TestKernel } from 'switchboard/testing';

/** The fixtures as the suite sees them, through the kernel's tools/call (test/conformance.test.ts runs the suite itself). */
describe('example group: conformance (@acme/switchboard-conformance)', () => {
  let k: TestKernel;
  let token: string;
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await k.rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, token)).body
      .result;

  before(async () => {
    k = await bootKernel({
      groups: [],
      overrides: { groups: { conformance: { enabled: true, resolve: '@acme/switchboard-conformance' } } },
    });
    ({ token } = await k.newShop('Conformance shop'));
  });
  after(async () => {
    await k?.close();
  });

  it('test_simple_text answers with its sentence and no other block', async () => {
    const result = await call('test_simple_text');
    expect(result.content).to.have.length(1);
    expect(result.structuredContent).to.deep.equal({
      success: true,
      message: 'This is a simple text response for testing.',
    });
  });

  it('test_image_content and test_audio_content add a real PNG and a real WAV after the JSON text', async () => {
    const image = (await call('test_image_content')).content[1];
    expect(image).to.include({ type: 'image', mimeType: 'image/png' });
    expect(Buffer.from(image.data, 'base64').subarray(1, 4).toString()).to.equal('PNG');
    const audio = (await call('test_audio_content')).content[1];
    expect(audio).to.include({ type: 'audio', mimeType: 'audio/wav' });
    const wav = Buffer.from(audio.data, 'base64');
    expect([wav.subarray(0, 4).toString(), wav.subarray(8, 12).toString(), wav.readUInt32LE(24)]).to.deep.equal([
      'RIFF',
      'WAVE',
      8000,
    ]);
  });

  it('test_embedded_resource and test_multiple_content_types embed their resources', async () => {
    expect((await call('test_embedded_resource')).content[1]).to.deep.equal({
      type: 'resource',
      resource: {
        uri: 'test://embedded-resource',
        mimeType: 'text/plain',
        text: 'This is an embedded resource content.',
      },
    });
    const mixed = (await call('test_multiple_content_types')).content;
    expect(mixed.map((c: { type: string }) => c.type)).to.deep.equal(['text', 'image', 'resource']);
    expect(JSON.parse(mixed[2].resource.text)).to.deep.equal({ test: 'data', value: 123 });
  });

  it('test_tool_with_progress and test_tool_with_logging answer plain JSON to a client that cannot hear them', async () => {
    expect((await call('test_tool_with_progress')).structuredContent.message).to.match(/0, 50, 100 of 100/);
    expect((await call('test_tool_with_logging')).structuredContent.message).to.equal('Logged three messages.');
  });

  // The suite's own client answers them (test/conformance.test.ts); one that cannot be asked gets the reason.
  it('test_sampling and the elicitation fixtures tell a client that cannot be asked why, as isError', async () => {
    for (const [name, args] of [
      ['test_sampling', { prompt: 'Say hi' }],
      ['test_elicitation', { message: 'Who are you?' }],
      ['test_elicitation_sep1034_defaults', {}],
      ['test_elicitation_sep1330_enums', {}],
    ] as const) {
      const result = await call(name, args);
      expect(result.isError, name).to.equal(true);
      expect(result.structuredContent, name).to.deep.include({
        error_code: 'fixture_client_cannot_ask',
        reason: 'unsupported',
      });
    }
  });

  it('test_error_handling fails with its code, as isError', async () => {
    const result = await call('test_error_handling');
    expect(result.isError).to.equal(true);
    expect(result.structuredContent).to.include({ error_code: 'fixture_failure' });
  });

  it('json_schema_2020_12_tool lists $schema and $defs, and validates through the $ref', async () => {
    const list = (await k.rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, token)).body.result;
    const schema = list.tools.find((t: { name: string }) => t.name === 'json_schema_2020_12_tool').inputSchema;
    expect(schema.$schema).to.equal('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$defs.address.properties).to.have.keys('street', 'city');
    expect(schema.properties.address).to.deep.equal({ $ref: '#/$defs/address' });
    const good = await call('json_schema_2020_12_tool', { name: 'Ada', address: { city: 'Madrid' } });
    expect(good.structuredContent.message).to.equal('Received name="Ada", address={"city":"Madrid"}.');
    const bad = await call('json_schema_2020_12_tool', { address: { city: 7 } });
    expect(bad.structuredContent.error_code).to.equal('invalid_arguments');
  });
});
