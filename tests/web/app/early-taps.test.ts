import { afterEach, describe, expect, it } from 'vitest';
import { PRERENDERED_HEAD_SCRIPT } from '@contract/early-taps';
import { replayEarlyTaps } from '@/app/early-taps';

// The prerendered document's head script runs before the markup and holds taps until the app
// calls replayEarlyTaps, once it hydrates (docs/decisions.md D69, D92).
describe('taps on a prerendered page before the app', () => {
  afterEach(() => document.body.replaceChildren());

  it('are held from the first paint until the app replays them, in order', () => {
    // The head script comes before #root exists.
    new Function(PRERENDERED_HEAD_SCRIPT)();
    document.body.innerHTML =
      '<div id="root" data-prerendered=""><button>Open menu</button><button>Add To Cart</button>' +
      '<form><button>Send</button></form></div>';
    const root = document.getElementById('root')!;
    const [menu, add, send] = root.querySelectorAll('button');
    const tapped: string[] = [];
    root.addEventListener('click', (event) => {
      tapped.push((event.target as HTMLElement).textContent ?? '');
    });

    add!.click();
    send!.click();
    menu!.click();
    // Held: only the form's button went through; a second tap on a button is held once.
    add!.click();
    expect(tapped).toEqual(['Send']);

    replayEarlyTaps(root);
    expect(tapped).toEqual(['Send', 'Add To Cart', 'Open menu']);
    // The head script holds nothing more.
    menu!.click();
    expect(tapped).toEqual(['Send', 'Add To Cart', 'Open menu', 'Open menu']);
  });

  it('leaves a page without the head script as it is', () => {
    document.body.innerHTML = '<div id="root"><button>Open menu</button></div>';
    const root = document.getElementById('root')!;
    const tapped: string[] = [];
    root.addEventListener('click', () => tapped.push('tap'));
    replayEarlyTaps(root);
    root.querySelector('button')!.click();
    expect(tapped).toEqual(['tap']);
  });
});
