import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { BOARD_COLOURS as COLOURS } from '@contract/board-rules';
import { drawOn, installFakeCanvas, type FakeContext } from '@/testing/fake-canvas';
import { buildUser } from '@/testing/data';
import { fakeChat } from '@/testing/fake-chat-socket';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';
import { PNG_BYTES, pickedFile, sendNodeFormData } from '@/testing/uploads';

// Uploads go out as the browser's multipart (see src/testing/uploads.ts).
await sendNodeFormData();

let contexts = new Map<HTMLCanvasElement, FakeContext>();
let clickedLinks: HTMLAnchorElement[] = [];

beforeEach(() => {
  clickedLinks = [];
  contexts = installFakeCanvas();
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    return `data:image/png;base64,FAKE-${this.width}x${this.height}`;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clickedLinks.push(this);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 1 });
});

async function renderBoard(options: Parameters<typeof renderApp>[1] = {}) {
  const utils = renderApp({ route: '/drawing' }, options);
  const canvas = (await screen.findByRole('img', { name: 'Drawing canvas' })) as HTMLCanvasElement;
  // Shown at half size, as on a narrow screen.
  vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 10, y: 20, width: 350, height: 250 }),
  );
  // The board takes its 2D context in an effect, just after the canvas is in the page.
  const ctx = await waitFor(() => {
    const found = contexts.get(canvas);
    if (!found) throw new Error('the board did not get a 2D context');
    return found;
  });
  return { ...utils, canvas, ctx };
}

const draw = drawOn;

describe('drawing board', () => {
  it('is ready from its first paint: no notice, and it takes input (its prerendered markup does not)', async () => {
    const { canvas } = await renderBoard();
    expect(canvas.closest('[inert]')).toBeNull();
    expect(screen.queryByText('Getting the canvas ready…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeEnabled();
  });

  it('starts as a white 700×500 canvas that fits the screen width and does not scroll on touch', async () => {
    const { canvas, ctx } = await renderBoard();
    expect(canvas.width).toBe(700);
    expect(canvas.height).toBe(500);
    expect(canvas.style.touchAction).toBe('none');
    expect(canvas).toHaveClass('w-full', 'max-w-[700px]');
    expect(ctx.named('fillRect')[0]).toMatchObject({
      args: [0, 0, 700, 500],
      fillStyle: '#ffffff',
    });
  });

  it('uses a larger backing store on high-DPI screens and scales the drawing', async () => {
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 2 });
    // Shown at its full 700 CSS pixels from the start.
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 700, height: 500 }),
    );
    const { canvas, ctx } = await renderBoard();
    expect(canvas.width).toBe(1400);
    expect(canvas.height).toBe(1000);
    expect(ctx.named('setTransform').at(-1)?.args).toEqual([2, 0, 0, 2, 0, 0]);
  });

  it('gives the backing store the device pixels the canvas is shown on, and more once shown wider', async () => {
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 2 });
    let observed: ResizeObserverCallback | undefined;
    // jsdom has no ResizeObserver; the upload helpers' own stubs stay (no unstubAllGlobals).
    const original = Object.getOwnPropertyDescriptor(globalThis, 'ResizeObserver');
    Object.defineProperty(globalThis, 'ResizeObserver', {
      configurable: true,
      value: class {
        constructor(callback: ResizeObserverCallback) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    });
    onTestFinished(() => {
      if (original) Object.defineProperty(globalThis, 'ResizeObserver', original);
      else Reflect.deleteProperty(globalThis, 'ResizeObserver');
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 350, height: 250 }),
    );
    const { canvas, ctx } = await renderBoard();
    const shown = vi.mocked(canvas.getBoundingClientRect);
    // 350 CSS pixels at 2 are 700 device pixels: the logical size is enough.
    expect(canvas.width).toBe(700);
    expect(canvas.height).toBe(500);
    draw(canvas, [
      [20, 30],
      [40, 50],
    ]);
    const curves = ctx.named('quadraticCurveTo').length;

    // Turned to landscape: shown at 700, the store grows and the stroke is painted again on it.
    shown.mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 700, height: 500 }));
    act(() => observed?.([], {} as ResizeObserver));
    expect(canvas.width).toBe(1400);
    expect(canvas.height).toBe(1000);
    expect(ctx.named('fillRect').at(-1)?.args).toEqual([0, 0, 1400, 1000]);
    expect(ctx.named('setTransform').at(-1)?.args).toEqual([2, 0, 0, 2, 0, 0]);
    expect(ctx.named('quadraticCurveTo').length).toBeGreaterThan(curves);

    // Shown narrower again, it keeps the larger store rather than lose detail.
    shown.mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 350, height: 250 }));
    act(() => observed?.([], {} as ResizeObserver));
    expect(canvas.width).toBe(1400);
  });

  it('draws between pointer down and up, mapping the pointer into 700×500 space', async () => {
    const { canvas, ctx } = await renderBoard();
    draw(canvas, [
      [10, 20],
      [60, 70],
      [185, 145],
    ]);

    // The dot at pointer down, mapped from (10, 20) on screen to (0, 0).
    expect(ctx.named('arc')[0]?.args.slice(0, 2)).toEqual([0, 0]);
    const curves = ctx.named('quadraticCurveTo');
    expect(curves).toHaveLength(2);
    // Control point (185,145) on screen is the canvas centre at half size.
    expect(ctx.named('lineTo').at(-1)?.args).toEqual([350, 250]);
    expect(ctx.named('stroke').length).toBeGreaterThanOrEqual(3);

    // After pointer up, moving does not draw.
    const before = ctx.calls.length;
    fireEvent.pointerMove(canvas, {
      pointerId: 1,
      pointerType: 'mouse',
      clientX: 200,
      clientY: 200,
    });
    expect(ctx.calls.length).toBe(before);
  });

  it('draws with a finger; a second finger landing does not take over the stroke', async () => {
    const { canvas, ctx } = await renderBoard();
    const finger = { pointerType: 'touch', pointerId: 5 } as const;
    fireEvent.pointerDown(canvas, { ...finger, button: 0, clientX: 10, clientY: 20 });
    fireEvent.pointerDown(canvas, {
      pointerType: 'touch',
      pointerId: 6,
      button: 0,
      clientX: 300,
      clientY: 200,
    });
    fireEvent.pointerMove(canvas, {
      pointerType: 'touch',
      pointerId: 6,
      clientX: 320,
      clientY: 220,
    });
    fireEvent.pointerMove(canvas, { ...finger, clientX: 60, clientY: 70 });
    fireEvent.pointerUp(canvas, { ...finger, clientX: 60, clientY: 70 });

    // One dot where the first finger landed, and its line; nothing from the second finger.
    expect(ctx.named('arc').map((call) => call.args.slice(0, 2))).toEqual([[0, 0]]);
    expect(ctx.named('quadraticCurveTo').map((call) => call.args.slice(0, 2))).toEqual([[0, 0]]);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
  });

  it('stops drawing when the pointer leaves or is cancelled', async () => {
    const { canvas, ctx } = await renderBoard();
    draw(
      canvas,
      [
        [20, 30],
        [40, 50],
      ],
      'pointerLeave',
    );
    let before = ctx.calls.length;
    fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 90, clientY: 90 });
    expect(ctx.calls.length).toBe(before);

    draw(
      canvas,
      [
        [20, 30],
        [40, 50],
      ],
      'pointerCancel',
    );
    before = ctx.calls.length;
    fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 90, clientY: 90 });
    expect(ctx.calls.length).toBe(before);
  });

  it('offers the six colours; the pressed one becomes the stroke colour', async () => {
    const { user, canvas, ctx } = await renderBoard();
    for (const name of ['red', 'green', 'yellow', 'black', 'blue', 'purple']) {
      expect(screen.getByRole('button', { name: `Colour ${name}` })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Colour black' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Colour red' }));
    expect(screen.getByRole('button', { name: 'Colour red' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Colour black' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    draw(canvas, [
      [20, 30],
      [40, 50],
    ]);
    const red = COLOURS.find((colour) => colour.name === 'red')?.value;
    expect(ctx.named('stroke').at(-1)?.strokeStyle).toBe(red);
  });

  it('brush size goes from 1 to 10 and sets the line width', async () => {
    const { canvas, ctx } = await renderBoard();
    const size = screen.getByRole('slider', { name: 'Brush size' });
    expect(size).toHaveAttribute('min', '1');
    expect(size).toHaveAttribute('max', '10');

    fireEvent.change(size, { target: { value: '9' } });
    expect(size).toHaveValue('9');
    draw(canvas, [
      [20, 30],
      [40, 50],
    ]);
    expect(ctx.named('stroke').at(-1)?.lineWidth).toBe(9);
  });

  it('Clear paints the whole canvas white again', async () => {
    const { user, canvas, ctx } = await renderBoard();
    draw(canvas, [
      [20, 30],
      [40, 50],
    ]);
    const fillsBefore = ctx.named('fillRect').length;

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    const fills = ctx.named('fillRect');
    expect(fills).toHaveLength(fillsBefore + 1);
    expect(fills.at(-1)).toMatchObject({ args: [0, 0, 700, 500], fillStyle: '#ffffff' });
  });

  it('Download saves image.png as a 700×500 PNG on white, even from a high-DPI canvas', async () => {
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 2 });
    const { user, canvas } = await renderBoard();

    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(clickedLinks).toHaveLength(1);
    const link = clickedLinks[0];
    expect(link?.download).toBe('image.png');
    expect(link?.href).toBe('data:image/png;base64,FAKE-700x500');
    expect(document.body.contains(link ?? null)).toBe(false);

    const exportCtx = [...contexts.values()].find((ctx) => ctx.canvas !== canvas);
    expect(exportCtx?.named('fillRect')[0]).toMatchObject({
      args: [0, 0, 700, 500],
      fillStyle: '#ffffff',
    });
    expect(exportCtx?.named('drawImage')[0]?.args).toEqual([canvas, 0, 0, 700, 500]);
  });

  it('downloading or clearing an empty canvas never throws, even without canvas support', async () => {
    vi.mocked(HTMLCanvasElement.prototype.getContext).mockReturnValue(null);
    const { user } = renderApp({ route: '/drawing' });
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(screen.getByRole('alert')).toHaveTextContent('could not export');
    expect(clickedLinks).toHaveLength(0);
  });

  it('Undo takes back the last stroke or Clear, Redo puts it back; Ctrl+Z and Ctrl+Shift+Z too', async () => {
    const { canvas, ctx, user } = await renderBoard();
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(undo).toBeDisabled();
    expect(redo).toBeDisabled();
    draw(canvas, [
      [10, 10],
      [60, 40],
    ]);
    draw(canvas, [
      [100, 100],
      [150, 120],
    ]);
    /** The dots (one per stroke) painted since the canvas was last painted white. */
    const strokesShown = () => {
      const calls = ctx.calls;
      const lastWhite = calls.map((call) => call.name).lastIndexOf('fillRect');
      return calls.slice(lastWhite + 1).filter((call) => call.name === 'arc').length;
    };
    expect(strokesShown()).toBe(2);

    await user.click(undo);
    expect(strokesShown()).toBe(1);
    expect(redo).toBeEnabled();
    await user.click(redo);
    expect(strokesShown()).toBe(2);
    expect(redo).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(strokesShown()).toBe(0);
    fireEvent.keyDown(undo, { key: 'z', ctrlKey: true });
    expect(strokesShown()).toBe(2);
    fireEvent.keyDown(undo, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(strokesShown()).toBe(0);

    // A new stroke after an undo: nothing left to redo.
    fireEvent.keyDown(undo, { key: 'z', metaKey: true });
    draw(canvas, [[5, 5]]);
    expect(redo).toBeDisabled();
    expect(strokesShown()).toBe(3);
  });
});

// "Share to a room" (docs/product.md §2.9): the drawing posted into a room's chat.
describe('share to a room', () => {
  beforeEach(() => {
    fakeChat.reset();
    sessionStorage.clear();
    // The browser's PNG of the canvas: a real one, as the server and its fake read its size.
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
      done(pickedFile([PNG_BYTES], 'drawing.png', 'image/png')),
    );
  });

  const shareButton = () => screen.getByRole('button', { name: 'Share to a room' });

  it('posts the drawing into the chosen room and links to it', async () => {
    const student = buildUser({ displayName: 'Ada Lovelace' });
    const { canvas, user } = await renderBoard({ auth: { user: student } });
    draw(canvas, [
      [20, 30],
      [120, 90],
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Room' }), 'Python');
    await user.click(shareButton());

    const status = await screen.findByText(/Shared to the Python room/);
    expect(status).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Python room' })).toHaveAttribute(
      'href',
      '/chat/Python',
    );
    const shared = fakeChat.messages.filter((message) => message.image !== null);
    expect(shared).toEqual([
      expect.objectContaining({
        room: 'Python',
        // The name the chat room would show for them (src/lib/chat-name.ts).
        name: 'Ada Lovelace',
        msg: '',
        image: expect.objectContaining({ width: 1, height: 1 }),
      }),
    ]);
  });

  it('asks for a drawing before sharing an empty canvas', async () => {
    const { user } = await renderBoard({ auth: { user: buildUser() } });
    await user.click(shareButton());
    expect(await screen.findByText('Draw something first, then share it.')).toBeInTheDocument();
    expect(fakeChat.messages).toEqual([]);
  });

  it('shows why the server refused it', async () => {
    const student = buildUser();
    const { canvas, user } = await renderBoard({ auth: { user: student } });
    const account = db.users.find((candidate) => candidate.email === student.email);
    if (!account) throw new Error('no account');
    const until = new Date(Date.now() + 600_000).toISOString();
    db.chatMutes.set(account._id, until);
    draw(canvas, [[40, 40]]);
    await user.click(shareButton());
    expect(await screen.findByText(/^You are muted until/)).toBeInTheDocument();
    expect(fakeChat.messages).toEqual([]);
  });

  it('sends a visitor to log in and back, with the drawing and the room as they left them', async () => {
    const { canvas, ctx, user, router, auth } = await renderBoard();
    expect(screen.getByText(/You will be asked to log in first/)).toBeInTheDocument();
    draw(canvas, [
      [20, 30],
      [120, 90],
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Room' }), 'Java');
    const painted = ctx.named('quadraticCurveTo').length;
    await user.click(shareButton());

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fakeChat.messages).toEqual([]);

    auth.signIn(buildUser());
    await waitFor(() => expect(router.state.location.pathname).toBe('/drawing'));
    expect(
      await screen.findByText('Your drawing is back. Press Share to a room to post it to Java.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Room' })).toHaveValue('Java');
    // The stroke is painted again on the new canvas, and a reload would not bring it back.
    const back = screen.getByRole('img', { name: 'Drawing canvas' }) as HTMLCanvasElement;
    const repainted = await waitFor(() => {
      const found = contexts.get(back);
      if (!found || found.named('quadraticCurveTo').length === 0) throw new Error('not painted');
      return found;
    });
    expect(repainted.named('quadraticCurveTo').length).toBeGreaterThan(0);
    expect(painted).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();

    await user.click(shareButton());
    expect(await screen.findByText(/Shared to the Java room/)).toBeInTheDocument();
    expect(fakeChat.messages.map((message) => message.room)).toEqual(['Java']);
  });
});
