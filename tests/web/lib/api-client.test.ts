import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
import { API_FAILURE_MESSAGES, UNREACHABLE_CODE } from '@/lib/api/failure-messages';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

describe('apiClient.send', () => {
  it('answers the status next to the body, so 201 and 200 can be told apart', async () => {
    server.use(
      http.post(apiPath('/things'), async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        return HttpResponse.json({ name }, { status: name === 'new' ? 201 : 200 });
      }),
    );

    await expect(
      apiClient.send<{ name: string }>('POST', '/things', { body: { name: 'new' } }),
    ).resolves.toEqual({ status: 201, body: { name: 'new' } });
    await expect(
      apiClient.send<{ name: string }>('POST', '/things', { body: { name: 'old' } }),
    ).resolves.toEqual({ status: 200, body: { name: 'old' } });
  });

  it('an empty answer has an undefined body', async () => {
    server.use(http.delete(apiPath('/things/1'), () => new HttpResponse(null, { status: 204 })));
    await expect(apiClient.send('DELETE', '/things/1')).resolves.toEqual({
      status: 204,
      body: undefined,
    });
  });

  it('throws the same ApiError as the other methods', async () => {
    server.use(
      http.get(apiPath('/things'), () =>
        HttpResponse.json({ error: { code: 'forbidden', message: 'No.' } }, { status: 403 }),
      ),
    );
    const error = await apiClient.send('GET', '/things').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'No.' });
  });
});

describe('what a failed call tells the shopper (docs/product.md §8)', () => {
  const failure = (path: string) =>
    apiClient.get<never>(path).catch((caught: unknown) => caught as ApiError);

  it('no connection: the shop is unreachable', async () => {
    server.use(http.get(apiPath('/things'), () => HttpResponse.error()));
    expect(await failure('/things')).toMatchObject({
      status: 0,
      code: UNREACHABLE_CODE,
      message: API_FAILURE_MESSAGES.shopUnreachable,
    });
  });

  it.each([502, 503, 504])(
    'a proxy’s %i without the API’s JSON (the server is down): the shop is unreachable',
    async (status) => {
      server.use(http.get(apiPath('/things'), () => new HttpResponse('Bad Gateway', { status })));
      const error = await failure('/things');
      expect(error).toMatchObject({
        status,
        code: UNREACHABLE_CODE,
        message: API_FAILURE_MESSAGES.shopUnreachable,
      });
      expect(error.message).not.toMatch(/server answered/i);
    },
  );

  it('another failure without the API’s JSON, or its bare internal error: try again later', async () => {
    server.use(
      http.get(apiPath('/plain'), () => new HttpResponse('<h1>oops</h1>', { status: 500 })),
      http.get(apiPath('/internal'), () =>
        HttpResponse.json(
          { error: { code: 'internal', message: 'Internal server error' } },
          { status: 500 },
        ),
      ),
    );
    expect(await failure('/plain')).toMatchObject({
      status: 500,
      message: API_FAILURE_MESSAGES.tryAgainLater,
    });
    expect(await failure('/internal')).toMatchObject({
      status: 500,
      code: 'internal',
      message: API_FAILURE_MESSAGES.tryAgainLater,
    });
  });

  it('keeps the API’s own words for everything else (a 503 of its own too)', async () => {
    server.use(
      http.get(apiPath('/db'), () =>
        HttpResponse.json(
          { error: { code: 'service_unavailable', message: 'The database is not reachable.' } },
          { status: 503 },
        ),
      ),
    );
    expect(await failure('/db')).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: 'The database is not reachable.',
    });
  });
});
