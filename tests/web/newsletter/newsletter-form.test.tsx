import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { NewsletterForm } from '@/features/newsletter/newsletter-form';
import { API_FAILURE_MESSAGES } from '@/lib/api/failure-messages';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

function setup() {
  const utils = renderApp(<NewsletterForm />);
  return {
    ...utils,
    input: screen.getByLabelText('Email address'),
    send: screen.getByRole('button', { name: 'Send' }),
  };
}

describe('newsletter form', () => {
  it('subscribes a new address, shows the server message and clears the field', async () => {
    const { user, input, send } = setup();
    expect(input).toHaveAttribute('placeholder', 'username@site.com');

    await user.type(input, 'Reader@Example.com');
    await user.click(send);

    expect(await screen.findByRole('status')).toHaveTextContent('Thanks for subscribing!');
    expect(input).toHaveValue('');
    expect(db.subscribers.has('reader@example.com')).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells an existing subscriber they are already subscribed (200)', async () => {
    db.subscribers.add('old@example.com');
    const { user, input, send } = setup();

    await user.type(input, 'old@example.com');
    await user.click(send);

    expect(await screen.findByRole('status')).toHaveTextContent('You are already subscribed.');
  });

  it('sends an empty value (no client-side validation) and shows the 400 message under the form', async () => {
    let sentBody: unknown;
    server.use(
      http.post(apiPath('/newsletter'), async ({ request }) => {
        sentBody = await request.clone().json();
      }),
    );
    const { user, input, send } = setup();

    await user.click(send);

    const alert = await screen.findByRole('alert');
    // The server's 400 wording: `field: message`.
    expect(alert).toHaveTextContent('email: Email is required');
    expect(sentBody).toEqual({ email: '' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('email: Email is required');
  });

  it('shows the server message for an invalid address and keeps what was typed', async () => {
    const { user, input, send } = setup();
    await user.type(input, 'not-an-email');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email address');
    expect(input).toHaveValue('not-an-email');
  });

  it('shows the rate-limit message on 429', async () => {
    server.use(
      http.post(apiPath('/newsletter'), () =>
        HttpResponse.json(
          { error: { code: 'too_many_requests', message: 'Too many requests, slow down.' } },
          { status: 429 },
        ),
      ),
    );
    const { user, input, send } = setup();
    await user.type(input, 'fast@example.com');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, slow down.');
  });

  it('explains a network failure', async () => {
    server.use(http.post(apiPath('/newsletter'), () => HttpResponse.error()));
    const { user, input, send } = setup();
    await user.type(input, 'offline@example.com');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      API_FAILURE_MESSAGES.shopUnreachable,
    );
  });

  it('disables Send while the request is on its way', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(apiPath('/newsletter'), async () => {
        await gate;
        return HttpResponse.json({ message: 'Thanks for subscribing!' }, { status: 201 });
      }),
    );
    const { user, input, send } = setup();
    await user.type(input, 'slow@example.com');
    await user.click(send);

    expect(send).toBeDisabled();
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks for subscribing!');
    expect(send).toBeEnabled();
  });
});
