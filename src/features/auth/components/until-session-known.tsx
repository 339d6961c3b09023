import type { ReactNode } from 'react';
import { Spinner } from '@/components/spinner';

type Props = { checking: boolean; children: ReactNode };

/**
 * The login and signup forms while the session is checked: they keep their room but are not shown
 * and take no input, under "Checking your sign-in…". A signed-in user is taken on before ever
 * seeing them; a visitor's form appears where the page already had room for it, so nothing moves.
 * The state every visit starts in, so the screen is prerendered with it (docs/decisions.md D49).
 */
export function UntilSessionKnown({ checking, children }: Props) {
  return (
    <div className="relative">
      {/* Hidden, not left out: it keeps the form's height, whichever viewport lays it out. */}
      <div inert={checking} style={checking ? { visibility: 'hidden' } : undefined}>
        {children}
      </div>
      {checking && <Spinner label="Checking your sign-in…" className="absolute inset-0" />}
    </div>
  );
}
