import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES } from '@contract/course-rules';
import { env } from '@/config/env';
import { db } from '@/testing/mocks/db';
import { loadScreen } from '@/app/screens';
import { renderApp } from '@/testing/render';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

// The screen's chunk (markdown-it and highlight.js with it) loads once, before the first test.
beforeAll(() => loadScreen('certificate'), 60_000);

describe('the certificate page', { timeout: 20_000 }, () => {
  it('shows anyone who completed which course and when, with its proof, the PDF and Copy link', async () => {
    db.certificates.push({
      id: ID,
      learnerName: 'Sam Student',
      courseId: 'c-react',
      courseName: 'React from Zero to Hero',
      issuedAt: '2026-03-05T12:00:00.000Z',
      email: 'student@learntogether.test',
    });
    renderApp({ route: `/certificates/${ID}` });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Certificate of Completion' }),
    ).toBeVisible();
    expect(document.title).toBe('Certificate: React from Zero to Hero · LearnTogether');
    expect(screen.getByText('Sam Student')).toBeVisible();
    expect(screen.getByText('has completed')).toBeVisible();
    expect(screen.getByRole('link', { name: 'React from Zero to Hero' })).toHaveAttribute(
      'href',
      '/courses/c-react',
    );
    expect(screen.getByText('March 5, 2026')).toBeVisible();
    expect(screen.getByText(ID).parentElement).toHaveTextContent(`Certificate ID ${ID}`);
    expect(
      screen.getByText(
        `This certificate was issued by LearnTogether to Sam Student on March 5, 2026. Its link is its proof: ${window.location.origin}/certificates/${ID}`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `${env.apiUrl}/certificates/${ID}.pdf`,
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  });

  it('the PDF link answers a PDF', async () => {
    db.certificates.push({
      id: ID,
      learnerName: 'Sam Student',
      courseId: 'c-react',
      courseName: 'React from Zero to Hero',
      issuedAt: '2026-03-05T12:00:00.000Z',
      email: 'student@learntogether.test',
    });
    const response = await fetch(
      new URL(`${env.apiUrl}/certificates/${ID}.pdf`, window.location.href),
    );
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect((await response.text()).startsWith('%PDF-')).toBe(true);
  });

  it('is "Certificate not found" for an id that names none', async () => {
    renderApp({ route: '/certificates/ZZZZZZZZZZZZZZZZZZZZZZ' });
    expect(
      await screen.findByRole('heading', { level: 1, name: COURSE_MESSAGES.certificateNotFound }),
    ).toBeVisible();
  });
});
