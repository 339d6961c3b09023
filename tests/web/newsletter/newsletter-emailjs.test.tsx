import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '@/config/env';
import { NewsletterForm } from '@/features/newsletter/newsletter-form';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

const emailjs = vi.hoisted(() => ({ send: vi.fn() }));

vi.mock('@emailjs/browser', () => ({ default: emailjs, send: emailjs.send }));
vi.mock('@/config/env', async (importOriginal) => {
  const original = await importOriginal<typeof EnvModule>();
  return {
    ...original,
    env: {
      ...original.env,
      emailjs: { serviceId: 'service_1', templateId: 'template_1', publicKey: 'public_1' },
    },
  };
});

describe('newsletter welcome mail (EmailJS configured)', () => {
  afterEach(() => {
    emailjs.send.mockReset();
    vi.restoreAllMocks();
  });

  it('sends the welcome mail to a new subscriber and only logs the result', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    emailjs.send.mockResolvedValue({ status: 200, text: 'OK' });
    const { user } = renderApp(<NewsletterForm />);

    await user.type(screen.getByLabelText('Email address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(emailjs.send).toHaveBeenCalledWith(
        'service_1',
        'template_1',
        { user_email: 'new@example.com' },
        { publicKey: 'public_1' },
      ),
    );
    await waitFor(() => expect(log).toHaveBeenCalled());
  });

  it('a failing mail does not change what the user sees', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    emailjs.send.mockRejectedValue(new Error('EmailJS down'));
    const { user } = renderApp(<NewsletterForm />);

    await user.type(screen.getByLabelText('Email address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thanks for subscribing!');
    await waitFor(() => expect(emailjs.send).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not mail someone who is already subscribed', async () => {
    db.subscribers.add('old@example.com');
    const { user } = renderApp(<NewsletterForm />);

    await user.type(screen.getByLabelText('Email address'), 'old@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('status')).toHaveTextContent('You are already subscribed.');
    expect(emailjs.send).not.toHaveBeenCalled();
  });

  // The server words its messages; only the status tells a new subscriber (201) from a known one (200).
  it('mails on 201 even when the message text reads like "already subscribed"', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    emailjs.send.mockResolvedValue({ status: 200, text: 'OK' });
    server.use(
      http.post(apiPath('/newsletter'), () =>
        HttpResponse.json({ message: 'You are already subscribed.' }, { status: 201 }),
      ),
    );
    const { user } = renderApp(<NewsletterForm />);

    await user.type(screen.getByLabelText('Email address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('status')).toHaveTextContent('You are already subscribed.');
    await waitFor(() => expect(emailjs.send).toHaveBeenCalledTimes(1));
  });

  it('does not mail on 200 whatever the message says', async () => {
    server.use(
      http.post(apiPath('/newsletter'), () =>
        HttpResponse.json({ message: 'Welcome back, you are on the list.' }, { status: 200 }),
      ),
    );
    const { user } = renderApp(<NewsletterForm />);

    await user.type(screen.getByLabelText('Email address'), 'old@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Welcome back, you are on the list.',
    );
    // Give a stray welcome mail (a dynamic import away) the time to show up.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(emailjs.send).not.toHaveBeenCalled();
  });
});
