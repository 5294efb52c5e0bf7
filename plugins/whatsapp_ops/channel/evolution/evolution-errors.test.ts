import { expect } from 'chai';
import { evolutionRefusal } from './evolution-errors.js';

const what = 'POST /message/sendText/shop';
const refused = (status: number, message: unknown, error = 'Bad Request') =>
  evolutionRefusal({ status, body: { status, error, response: { message } }, what });

// Bodies as Evolution API (v2) answers them: its exception classes, its guards, its schema validation and its
// handler of other errors, which all answer `{ status, error, response: { message } }`.
describe('Evolution API error answers as channel errors', () => {
  it('a refused key is unauthorized', () => {
    const err = refused(401, 'Unauthorized', 'Unauthorized');
    expect(err.code).to.equal('unauthorized');
    expect(err.details).to.include({ http_status: 401, evolution_message: 'Unauthorized' });
  });

  it('an unknown instance is session_not_found', () => {
    const err = refused(404, ['The "shop" instance does not exist'], 'Not Found');
    expect(err.code).to.equal('session_not_found');
    expect(err.message).to.include('The "shop" instance does not exist');
  });

  it('a name already taken is invalid_request marked exists', () => {
    const err = refused(403, ['This name "shop" is already in use.'], 'Forbidden');
    expect(err.code).to.equal('invalid_request');
    expect(err.details.exists).to.equal(true);
  });

  it('a number not on WhatsApp is invalid_recipient', () => {
    const err = refused(400, [{ exists: false, jid: '34600000001@s.whatsapp.net', number: '34600000001' }]);
    expect(err.code).to.equal('invalid_recipient');
    expect(err.message).to.include('34600000001 is not on WhatsApp');
  });

  it('an instance that is not connected is session_not_connected', () => {
    expect(refused(400, ['The "shop" instance is not connected']).code).to.equal('session_not_connected');
  });

  it('a closed socket is session_not_connected with nothing sent, from the number check (500) or the send (400)', () => {
    for (const err of [
      refused(500, 'Connection Closed', 'Internal Server Error'),
      refused(400, ['Error: Connection Closed']),
    ]) {
      expect(err.code).to.equal('session_not_connected');
      expect(err.details.outcome).to.equal('not_sent');
    }
  });

  it('a refused field is invalid_request; schema validation (a list in the list) reads as its phrases', () => {
    expect(refused(400, ['Text is required']).code).to.equal('invalid_request');
    const err = refused(400, [['number is a required property', 'text is a required property']]);
    expect(err.code).to.equal('invalid_request');
    expect(err.details.evolution_message).to.equal('number is a required property; text is a required property');
  });

  it('an error the send raised has an unknown outcome: Evolution wraps it in a 400 also after the message left', () => {
    const timedOut = refused(400, ['Error: Timed Out']);
    expect(timedOut.code).to.equal('channel_unavailable');
    expect(timedOut.details).to.include({ reason: 'timeout', outcome: 'unknown' });
    const stored = refused(400, ["TypeError: Cannot read properties of undefined (reading 'id')"]);
    expect(stored.code).to.equal('channel_unavailable');
    expect(stored.details).to.include({ reason: 'server_error', outcome: 'unknown' });
  });

  it('a rate limit in front of Evolution API is rate_limited, to be retried', () => {
    const err = refused(429, 'Too Many Requests', 'Too Many Requests');
    expect(err.code).to.equal('rate_limited');
    expect(err.details.retry_after_seconds).to.equal(5);
  });

  it('a 500 has an unknown outcome; a proxy that could not reach the API (502, 503) sent nothing', () => {
    const err = refused(500, ['Error: Failed to get video duration: spawn ffprobe ENOENT'], 'Internal Server Error');
    expect(err.code).to.equal('channel_unavailable');
    expect(err.details).to.include({ reason: 'server_error', outcome: 'unknown' });
    const bare = evolutionRefusal({ status: 502, body: undefined, what });
    expect(bare.details).to.include({ outcome: 'not_sent', evolution_message: 'HTTP 502' });
    expect(evolutionRefusal({ status: 503, body: undefined, what }).details.outcome).to.equal('not_sent');
  });

  it('anything else is channel_protocol_error', () => {
    const err = refused(418, "I'm a teapot", 'Teapot');
    expect(err.code).to.equal('channel_protocol_error');
    expect(err.details.http_status).to.equal(418);
  });
});
