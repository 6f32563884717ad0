import { ApiRequestError } from './api-client.ts';
import { getErrorMessage } from './get-error-message.ts';
import { serverFailure } from './http.ts';

describe('getErrorMessage (docs/product.md section 8)', () => {
  it('prefers the server reply message', () => {
    const error = new ApiRequestError('Own words.', 503, 'The server is busy.');
    expect(getErrorMessage(error, 'Default')).toBe('The server is busy.');
  });

  it('then the error own message', () => {
    expect(getErrorMessage(new ApiRequestError('Could not reach the server.', 0), 'Default')).toBe(
      'Could not reach the server.',
    );
    expect(getErrorMessage(new Error('boom'), 'Default')).toBe('boom');
  });

  it('then the default', () => {
    expect(getErrorMessage(undefined, 'Default')).toBe('Default');
    expect(getErrorMessage(new Error(''), 'Default')).toBe('Default');
  });

  it('a server failure without a message gives the default, never its status code', () => {
    expect(getErrorMessage(serverFailure(500, undefined), 'Server Error')).toBe('Server Error');
    expect(getErrorMessage(serverFailure(500, ''), 'Something went wrong')).toBe(
      'Something went wrong',
    );
  });

  it('skips the error own message when told to (video script)', () => {
    expect(
      getErrorMessage(new Error('boom'), 'Something went wrong', { useErrorMessage: false }),
    ).toBe('Something went wrong');
    const error = new ApiRequestError('x', 400, 'topic must be one of: ...');
    expect(getErrorMessage(error, 'Something went wrong', { useErrorMessage: false })).toBe(
      'topic must be one of: ...',
    );
  });
});
