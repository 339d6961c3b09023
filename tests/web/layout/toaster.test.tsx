import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyToaster } from '@/components/lazy-toaster';
import { notify } from '@/lib/notify';

describe('toasts', () => {
  it('loads the toast layer on the first toast and shows it, also under StrictMode', async () => {
    render(
      <StrictMode>
        <LazyToaster />
      </StrictMode>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    notify.error('First toast');
    expect(await screen.findByText('First toast')).toBeInTheDocument();

    notify.success('Second toast');
    expect(await screen.findByText('Second toast')).toBeInTheDocument();
  });
});
