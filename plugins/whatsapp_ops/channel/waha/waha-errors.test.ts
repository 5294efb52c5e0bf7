import { expect } from 'chai';
import { wahaRefusal } from './waha-errors.js';

const what = 'POST /api/sendText';
const refused = (status: number, body: unknown) => wahaRefusal({ status, body, what });

// Bodies as WAHA answers them: NestJS exceptions, its validation pipe, its status guard and its filter of other errors.
describe('WAHA error answers as channel errors', () => {
  it('a refused key is unauthorized', () => {
    const err = refused(401, { message: 'Unauthorized', statusCode: 401 });
    expect(err.code).to.equal('unauthorized');
    expect(err.details).to.include({ http_status: 401, waha_message: 'Unauthorized' });
  });

  it('an unknown session is session_not_found, with the phrase that tells a stopped one apart', () => {
    expect(refused(404, { statusCode: 404, message: 'Session not found', error: 'Not Found' }).code).to.equal(
      'session_not_found',
    );
    const stopped = refused(404, {
      statusCode: 404,
      message:
        "We didn't find a session with name 'shop'.\nPlease start it first by using POST /api/sessions/shop/start request",
      error: 'Not Found',
    });
    expect(stopped.code).to.equal('session_not_found');
    expect(String(stopped.details.waha_message)).to.match(/start it first/);
  });

  it('a session that is not WORKING is session_not_connected, with its status', () => {
    const err = refused(422, {
      error: 'Session status is not as expected. Try again later or restart the session',
      session: 'shop',
      status: 'STARTING',
      expected: ['WORKING'],
    });
    expect(err.code).to.equal('session_not_connected');
    expect(err.details.current_status).to.equal('STARTING');
  });

  it('a QR asked of a session that shows none is not_awaiting_pairing', () => {
    const guard = refused(422, {
      error: 'Session status is not as expected. Try again later or restart the session',
      session: 'shop',
      status: 'WORKING',
      expected: ['SCAN_QR_CODE'],
    });
    expect(guard.code).to.equal('not_awaiting_pairing');
    expect(guard.details.current_status).to.equal('WORKING');
    const code = refused(422, {
      statusCode: 422,
      message: 'Can request code only in SCAN_QR_CODE status. The current status is WORKING',
      error: 'Unprocessable Entity',
    });
    expect(code.code).to.equal('not_awaiting_pairing');
  });

  it("WAHA Core's limits are not_supported; the one-session limit is marked for the adapter", () => {
    const only = refused(422, {
      statusCode: 422,
      message:
        "WAHA Core support only 'default' session. If you want to run more then one WhatsApp account - please get WAHA PLUS version. Check this out: https://waha.devlike.pro/",
      error: 'Unprocessable Entity',
    });
    expect(only.code).to.equal('not_supported');
    expect(only.details.waha_core_only_default).to.equal(true);
    const plus = refused(422, {
      statusCode: 422,
      message:
        'Sending media (image, video, pdf) is available only in Plus version. Check this out: https://waha.devlike.pro/',
      error: 'Unprocessable Entity',
    });
    expect(plus.code).to.equal('not_supported');
    expect(plus.details).to.not.have.property('waha_core_only_default');
  });

  it('a session that already exists is invalid_request marked exists', () => {
    const err = refused(422, {
      statusCode: 422,
      message: "Session 'shop' already exists. Use PUT to update it.",
      error: 'Unprocessable Entity',
    });
    expect(err.code).to.equal('invalid_request');
    expect(err.details.exists).to.equal(true);
  });

  it('an engine limit is invalid_request', () => {
    const err = refused(422, {
      statusCode: 422,
      message: "NOWEB engine doesn't support any 'method', remove it and try again",
      error: 'Unprocessable Entity',
    });
    expect(err.code).to.equal('invalid_request');
    expect(err.message).to.include("doesn't support any 'method'");
  });

  it("a validation failure is invalid_request and keeps every one of the pipe's messages", () => {
    const err = refused(400, {
      statusCode: 400,
      message: ['chatId must be a string', 'text should not be empty'],
      error: 'Bad Request',
    });
    expect(err.code).to.equal('invalid_request');
    expect(err.details.waha_message).to.equal('chatId must be a string; text should not be empty: Bad Request');
  });

  it('a rate limit in front of WAHA is rate_limited, to be retried', () => {
    const err = refused(429, { statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
    expect(err.code).to.equal('rate_limited');
    expect(err.details.retry_after_seconds).to.equal(5);
  });

  describe('a 500 (an engine error WAHA serialises)', () => {
    const engineError = (message: string) => ({
      statusCode: 500,
      timestamp: '2026-12-02T07:00:00.000Z',
      exception: { message, name: 'Error', stack: `Error: ${message}\n    at …` },
      request: { path: '/api/sendText', method: 'POST', body: {}, query: {} },
      version: { version: '2025.9.1', engine: 'NOWEB', tier: 'PLUS' },
    });

    it("Baileys' closed socket is session_not_connected: nothing was relayed", () => {
      const err = refused(500, engineError('Connection Closed'));
      expect(err.code).to.equal('session_not_connected');
      expect(err.details.outcome).to.equal('not_sent');
    });

    it("Baileys' time-out has an unknown outcome", () => {
      const err = refused(500, engineError('Timed Out'));
      expect(err.code).to.equal('channel_unavailable');
      expect(err.details).to.include({ reason: 'timeout', outcome: 'unknown' });
    });

    it('any other engine error names itself and has an unknown outcome', () => {
      const err = refused(500, engineError('Cannot read properties of undefined'));
      expect(err.code).to.equal('channel_unavailable');
      expect(err.details).to.include({ reason: 'server_error', outcome: 'unknown' });
      expect(err.details.waha_message).to.equal('Cannot read properties of undefined');
    });

    it('a proxy that could not reach WAHA (502, 503) sent nothing; its gateway time-out (504) may have', () => {
      expect(refused(502, undefined).details.outcome).to.equal('not_sent');
      expect(refused(503, undefined).details.outcome).to.equal('not_sent');
      const gateway = refused(504, undefined);
      expect(gateway.code).to.equal('channel_unavailable');
      expect(gateway.details).to.include({ outcome: 'unknown', waha_message: 'HTTP 504' });
    });
  });

  it('anything else is channel_protocol_error', () => {
    const err = refused(418, { message: "I'm a teapot" });
    expect(err.code).to.equal('channel_protocol_error');
    expect(err.details.http_status).to.equal(418);
  });
});
