import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
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
