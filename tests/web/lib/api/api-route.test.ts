import { describe, expect, it, vi } from 'vitest';
import { API_ROUTES } from '@contract/api-routes';
import { BOOK_ROUTES } from '@contract/routes/books';
import { CART_ROUTES } from '@contract/routes/carts';
import { NEWSLETTER_ROUTES } from '@contract/routes/newsletter';
import { apiRoutes, routeRequest } from '@/lib/api/api-route';

const book = {
  _id: 'b 1',
  name: 'Dune',
  price: 9.99,
  image: 'https://i.ibb.co/x/dune.png',
  category: 'science fiction',
  author: 'Frank Herbert',
  description: 'Desert planet',
  stock: 3,
};

describe('routeRequest', () => {
  it('reads the method and path from the key, fills and encodes its params', () => {
    expect(routeRequest('GET /api/books/:id', { params: { id: 'a/b c' } })).toMatchObject({
      method: 'GET',
      url: '/books/a%2Fb%20c',
    });
    expect(
      routeRequest('PUT /api/courses/:id/lessons/:lessonId/progress', {
        params: { id: 'git', lessonId: 'l 2' },
        body: { completed: true },
      }),
    ).toEqual({
      method: 'PUT',
      url: '/courses/git/lessons/l%202/progress',
      body: { completed: true },
      query: undefined,
    });
    expect(routeRequest('GET /api/certificates/:id.pdf', { params: { id: 'c1' } }).url).toBe(
      '/certificates/c1.pdf',
    );
  });
});

describe('apiRoutes', () => {
  it("loads the resource's table with the first answer it checks, and once", async () => {
    const load = vi.fn(() => Promise.resolve(BOOK_ROUTES));
    const route = apiRoutes(load);
    const endpoint = route('GET /api/books/:id', (id: string) => ({ params: { id } }));
    expect(endpoint.query('b 1')).toMatchObject({ method: 'GET', url: '/books/b%201' });
    expect(load).not.toHaveBeenCalled();

    const checked = await endpoint.rawResponseSchema['~standard'].validate(book);
    await endpoint.rawResponseSchema['~standard'].validate(book);
    expect(checked.issues).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("checks the answer against the route's response schema", async () => {
    const route = apiRoutes(() => Promise.resolve(BOOK_ROUTES));
    const { rawResponseSchema } = route('GET /api/books/:id', (id: string) => ({ params: { id } }));
    const wrong = await rawResponseSchema['~standard'].validate({ ...book, price: 'cheap' });
    expect(wrong.issues?.map((issue) => issue.path)).toContainEqual(['price']);
  });

  it('takes any of the 2xx answers of a route that has several, and no error answer', async () => {
    const route = apiRoutes(() => Promise.resolve(NEWSLETTER_ROUTES));
    const { rawResponseSchema, transformResponse } = route(
      'POST /api/newsletter',
      (email: string) => ({ body: { email } }),
      ({ message }, meta) => ({ isNew: meta?.status === 201, message }),
    );
    const answer = { message: 'Thanks for subscribing!' };
    expect((await rawResponseSchema['~standard'].validate(answer)).issues).toBeUndefined();
    expect(transformResponse?.(answer, { status: 201 }, 'a@b.co')).toEqual({
      isNew: true,
      message: answer.message,
    });
    const cartRoute = apiRoutes(() => Promise.resolve(CART_ROUTES));
    const cart = cartRoute('GET /api/carts', () => ({}));
    const notALine = await cart.rawResponseSchema['~standard'].validate({
      error: { code: 'x', message: 'y' },
    });
    expect(notALine.issues?.length).toBeGreaterThan(0);
  });
});

describe('the API table', () => {
  it('is the resource tables together, no route written twice', () => {
    const tables = import.meta.glob<Record<string, object>>('../../../../contract/routes/*.ts', {
      eager: true,
    });
    const keys = Object.values(tables).flatMap((module) =>
      Object.values(module).flatMap((table) => Object.keys(table)),
    );
    expect(Object.keys(tables).length).toBeGreaterThan(10);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(API_ROUTES).sort());
  });
});
