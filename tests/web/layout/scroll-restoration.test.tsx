import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from '@/components/layout/scroll-restoration';

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

// The component alone in a router: two pages, a link forward and a back button.
function renderPages() {
  render(
    <MemoryRouter initialEntries={['/list']} useTransitions={false}>
      <ScrollRestoration />
      <Routes>
        <Route path="/list" element={<Link to="/details">Open details</Link>} />
        <Route path="/details" element={<BackButton />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('ScrollRestoration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.scrollY = 0;
  });

  it('opens a new page at the top, and back returns to where the reader was', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = renderPages();

    window.scrollY = 640; // the reader scrolled down the list
    await user.click(screen.getByRole('link', { name: 'Open details' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    window.scrollY = 120;
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('link', { name: 'Open details' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('leaves the page as loaded where the reader has scrolled it (a prerendered page, before the app)', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    window.scrollY = 480;
    const user = renderPages();
    expect(scrollTo).not.toHaveBeenCalled();

    // Navigating still starts the next page at the top, and back returns to 480.
    await user.click(screen.getByRole('link', { name: 'Open details' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
  });
});
