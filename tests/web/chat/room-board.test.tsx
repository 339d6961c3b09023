import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOARD_MESSAGES, type Stroke } from '@contract/board';
import { buildUser } from '@/testing/data';
import { drawOn, installFakeCanvas, type FakeContext } from '@/testing/fake-canvas';
import { fakeChat } from '@/testing/fake-chat-socket';
import { renderApp } from '@/testing/render';

// The room's board against the fake chat server, which answers the board's events by the
// contract's rules (contract/board.ts); jsdom has no canvas, so a recording 2D context stands in.
vi.mock('@/lib/socket', () => import('@/testing/fake-chat-socket').then((m) => m.fakeSocketModule));

const STUDENT = 'student@learntogether.test';
const ADMIN = 'admin@learntogether.test';
const ROOM = 'JavaScript';

let contexts = new Map<HTMLCanvasElement, FakeContext>();
beforeEach(() => {
  fakeChat.reset();
  sessionStorage.clear();
  contexts = installFakeCanvas();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function enterRoom({ admin = false } = {}) {
  const user = admin
    ? buildUser({ email: ADMIN, displayName: 'Ada Admin' })
    : buildUser({ email: STUDENT, displayName: 'Sam Student' });
  const rendered = renderApp({ route: `/chat/${ROOM}` }, { auth: { user, isAdmin: admin } });
  await screen.findByText('Connected');
  const board = within(await screen.findByRole('region', { name: `${ROOM} board` }));
  await board.findByRole('img', { name: /^The JavaScript board (is empty|:)/ });
  const surface = screen.getByTestId('board-surface') as HTMLCanvasElement;
  // Shown at half size, as in a column beside the messages.
  vi.spyOn(surface, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 350, height: 250 }),
  );
  return { ...rendered, board, surface };
}

const picture = (name: RegExp | string) => screen.getByRole('img', { name });
const stroke = (
  id: string,
  points: [number, number][] = [
    [10, 10],
    [20, 20],
  ],
): Stroke => ({
  id,
  color: '#ef4444',
  size: 3,
  points,
});

describe('the room board (/chat/{room})', { timeout: 20_000 }, () => {
  it('sends a drawn stroke in board units; the room has it and the board counts it as yours', async () => {
    const { surface } = await enterRoom();
    drawOn(surface, [
      [10, 10],
      [60, 40],
      [110, 90],
    ]);
    await waitFor(() => expect(fakeChat.boards.strokes(ROOM)).toHaveLength(1));
    const [sent] = fakeChat.boards.strokes(ROOM);
    // Half-size on screen: twice as far on the 700×500 board.
    expect(sent?.points).toEqual([
      [20, 20],
      [120, 80],
      [220, 180],
    ]);
    expect(sent?.color).toBe('#111827');
    expect(sent?.size).toBe(4);
    expect(
      await screen.findByRole('img', { name: 'The JavaScript board: 1 stroke, 1 of them yours.' }),
    ).toBeInTheDocument();
  });

  it('draws with a finger or a pen as with a mouse; a second finger does not join the stroke', async () => {
    const { surface } = await enterRoom();
    expect(surface.style.touchAction).toBe('none');
    const finger = { pointerType: 'touch', pointerId: 7 } as const;
    // The first finger touches down and moves; a second finger lands and moves meanwhile.
    fireEvent.pointerDown(surface, { ...finger, button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(surface, { ...finger, clientX: 30, clientY: 20 });
    fireEvent.pointerDown(surface, {
      pointerType: 'touch',
      pointerId: 8,
      button: 0,
      clientX: 200,
      clientY: 200,
    });
    fireEvent.pointerMove(surface, {
      pointerType: 'touch',
      pointerId: 8,
      clientX: 250,
      clientY: 240,
    });
    fireEvent.pointerMove(surface, { ...finger, clientX: 50, clientY: 40 });
    fireEvent.pointerUp(surface, { ...finger, clientX: 50, clientY: 40 });

    await waitFor(() => expect(fakeChat.boards.strokes(ROOM)).toHaveLength(1));
    expect(fakeChat.boards.strokes(ROOM)[0]?.points).toEqual([
      [20, 20],
      [60, 40],
      [100, 80],
    ]);

    // A pen; the browser taking the touch back (pointercancel) still ends the stroke.
    drawOn(
      surface,
      [
        [100, 100],
        [120, 110],
      ],
      'pointerCancel',
      { pointerType: 'pen', pointerId: 9 },
    );
    await waitFor(() => expect(fakeChat.boards.strokes(ROOM)).toHaveLength(2));
    expect(fakeChat.boards.strokes(ROOM)[1]?.points).toEqual([
      [200, 200],
      [240, 220],
    ]);
  });

  it("draws another's stroke while it is drawn, then once it is finished", async () => {
    await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join(ROOM);
    await ada.joinBoard(ROOM);
    const base = () => contexts.get(picture(/^The JavaScript board/) as HTMLCanvasElement);
    const live = () => contexts.get(screen.getByTestId('board-surface') as HTMLCanvasElement);

    act(() =>
      ada.progress(
        ROOM,
        stroke('ada-1', [
          [100, 100],
          [150, 120],
        ]),
      ),
    );
    await waitFor(() =>
      expect(
        live()
          ?.named('quadraticCurveTo')
          .some((call) => call.args[0] === 100),
      ).toBe(true),
    );
    await act(() =>
      ada.draw(
        ROOM,
        stroke('ada-1', [
          [100, 100],
          [150, 120],
          [200, 140],
        ]),
      ),
    );
    expect(
      await screen.findByRole('img', { name: 'The JavaScript board: 1 stroke, 0 of them yours.' }),
    ).toBeInTheDocument();
    expect(base()?.named('stroke').at(-1)?.strokeStyle).toBe('#ef4444');
  });

  it('Undo takes back your own last stroke, for everyone; with none of yours it is off', async () => {
    const { user, surface } = await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join(ROOM);
    await act(() => ada.draw(ROOM, stroke('ada-1')));
    const undo = screen.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(picture(/1 stroke, 0 of them yours/)).toBeInTheDocument());
    expect(undo).toBeDisabled();

    drawOn(surface, [
      [5, 5],
      [30, 30],
    ]);
    await waitFor(() => expect(undo).toBeEnabled());
    await user.click(undo);
    await waitFor(() => expect(fakeChat.boards.strokes(ROOM).map((s) => s.id)).toEqual(['ada-1']));
    expect(await screen.findByRole('img', { name: /1 stroke, 0 of them yours/ })).toBeVisible();
  });

  it('Ctrl+Z undoes too', async () => {
    const { surface } = await enterRoom();
    drawOn(surface, [[5, 5]]);
    await waitFor(() => expect(fakeChat.boards.strokes(ROOM)).toHaveLength(1));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Undo' }), { key: 'z', ctrlKey: true });
    await waitFor(() => expect(fakeChat.boards.strokes(ROOM)).toHaveLength(0));
  });

  it('an admin clears the board after a confirm; a student has no Clear', async () => {
    const { user } = await enterRoom({ admin: true });
    const sam = await fakeChat.peer(STUDENT);
    await sam.join(ROOM);
    await act(() => sam.draw(ROOM, stroke('sam-1')));
    // Clear is off on an empty board: wait for Sam's stroke to arrive.
    await screen.findByRole('img', { name: /1 stroke, 0 of them yours/ });
    await user.click(screen.getByRole('button', { name: 'Clear board' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/disappears for everyone/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Clear' }));
    expect(
      await screen.findByRole('img', { name: 'The JavaScript board is empty.' }),
    ).toBeVisible();
    expect(fakeChat.boards.strokes(ROOM)).toEqual([]);
  });

  it('a student sees no Clear, and a refused clear would say why', async () => {
    await enterRoom();
    expect(screen.queryByRole('button', { name: 'Clear board' })).not.toBeInTheDocument();
    const sam = await fakeChat.peer(STUDENT);
    await sam.join(ROOM);
    const refused = await new Promise((resolve) =>
      sam.socket.emit('clearBoard', { room: ROOM }, resolve),
    );
    expect(refused).toEqual({ ok: false, error: BOARD_MESSAGES.adminsOnly });
  });

  it('after a drop it fetches what it missed, once each, and sends what was drawn offline', async () => {
    const { surface } = await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join(ROOM);
    await act(() => ada.draw(ROOM, stroke('ada-1')));
    await screen.findByRole('img', { name: /1 stroke/ });

    act(() => fakeChat.goOffline());
    await screen.findByText('Reconnecting…');
    await act(() => ada.draw(ROOM, stroke('ada-2')));
    drawOn(surface, [
      [5, 5],
      [9, 9],
    ]);
    act(() => fakeChat.goOnline());
    expect(
      await screen.findByRole('img', { name: 'The JavaScript board: 3 strokes, 1 of them yours.' }),
    ).toBeVisible();
    expect(fakeChat.boards.strokes(ROOM)).toHaveLength(3);
    // The rejoin asked only for what came after the last change it had.
    const joins = fakeChat.client.sent.filter((sent) => sent.event === 'joinBoard');
    expect(joins.map((sent) => sent.payload)).toEqual([{ room: ROOM }, { room: ROOM, after: 1 }]);
  });

  it('on a phone, Messages and Board take turns', async () => {
    const { user } = await enterRoom();
    const [messages, boardButton] = within(
      screen.getByRole('group', { name: 'Show' }),
    ).getAllByRole('button');
    expect(messages).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: `${ROOM} board` }).parentElement).toHaveClass(
      'max-lg:hidden',
    );
    await user.click(boardButton as HTMLElement);
    expect(boardButton).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: `${ROOM} board` }).parentElement).not.toHaveClass(
      'max-lg:hidden',
    );
  });
});
