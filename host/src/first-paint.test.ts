import { FIRST_PAINT_ID, REVEAL_AT_THE_LATEST_MS, revealWhenReady } from './first-paint';

// The page as the app server serves it with a picture (control-plane/src/first-paint.ts).
function servedWithPicture(revealOn = 'landing-title') {
  document.body.innerHTML = `<div id="root" hidden></div><div id="${FIRST_PAINT_ID}" inert data-reveal-on="${revealOn}"><main><h1>Your money</h1></main></div>`;
  return document.getElementById('root') as HTMLElement;
}

/** The shell drawing into #root, as React commits: one mutation at a time. */
function draw(root: HTMLElement, html: string) {
  root.innerHTML = html;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const pictureShown = () => document.getElementById(FIRST_PAINT_ID) !== null;

describe('the first paint handing over to the live page', () => {
  afterEach(() => {
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  it('keeps the picture until the live page shows the element it names, then swaps the two at once', async () => {
    const root = servedWithPicture();
    revealWhenReady(root, document, { paintRecorded: (then) => then() });
    draw(root, '<header>Ajo Wallet</header><main></main>');
    await flush();
    expect(pictureShown()).toBe(true);
    expect(root.hidden).toBe(true);
    draw(root, '<main><h1 id="landing-title">Your money</h1></main>');
    await flush();
    expect(pictureShown()).toBe(false);
    expect(root.hidden).toBe(false);
  });

  it('waits for a screen still loading in its own chunk', async () => {
    const root = servedWithPicture('faq-title');
    revealWhenReady(root, document, { paintRecorded: (then) => then() });
    draw(root, '<main><h1 id="faq-title">FAQ</h1><span data-screen-loading=""></span></main>');
    await flush();
    expect(pictureShown()).toBe(true);
    root.querySelector('[data-screen-loading]')?.remove();
    await flush();
    expect(pictureShown()).toBe(false);
  });

  it('waits until the browser has recorded the picture as painted', async () => {
    const root = servedWithPicture();
    let recorded: () => void = () => undefined;
    revealWhenReady(root, document, { paintRecorded: (then) => (recorded = then) });
    draw(root, '<main><h1 id="landing-title">Your money</h1></main>');
    await flush();
    expect(pictureShown()).toBe(true);
    recorded();
    expect(pictureShown()).toBe(false);
    expect(root.hidden).toBe(false);
  });

  it('shows the error screen at once, and the live page at the latest after the time limit', async () => {
    const root = servedWithPicture();
    revealWhenReady(root, document, { paintRecorded: () => undefined });
    draw(root, '<section><h2 id="ajo-fallback-title">We ran into an issue</h2></section>');
    await flush();
    expect(pictureShown()).toBe(false);

    jest.useFakeTimers();
    const other = servedWithPicture();
    revealWhenReady(other, document, { paintRecorded: (then) => then() });
    draw(other, '<main><h1 id="another-title">Not the screen pictured</h1></main>');
    jest.advanceTimersByTime(REVEAL_AT_THE_LATEST_MS - 1);
    expect(pictureShown()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(pictureShown()).toBe(false);
    expect(other.hidden).toBe(false);
  });

  it('answers a swap the shell calls when it fails before drawing anything', () => {
    const root = servedWithPicture();
    const reveal = revealWhenReady(root, document, { paintRecorded: () => undefined });
    reveal();
    expect(pictureShown()).toBe(false);
    expect(root.hidden).toBe(false);
  });

  it('scrolls the live page to the anchor the page was opened at, once shown', async () => {
    const root = servedWithPicture('legal-title');
    window.history.replaceState(null, '', '/terms-and-conditions/account#account-closure');
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView: the call is what is checked.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      revealWhenReady(root, document, { paintRecorded: (then) => then() });
      draw(root, '<h1 id="legal-title">Terms</h1><h2 id="account-closure">Account Closure</h2>');
      await flush();
      expect(scrolled).toEqual(['account-closure']);
      // A malformed anchor is looked up as it is, without throwing.
      window.history.replaceState(null, '', '/terms-and-conditions/account#%E0%A4%A');
      const again = servedWithPicture('legal-title');
      revealWhenReady(again, document, { paintRecorded: (then) => then() });
      draw(again, '<h1 id="legal-title">Terms</h1>');
      await flush();
      expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
      expect(again.hidden).toBe(false);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      window.history.replaceState(null, '', '/');
    }
  });

  it('shows #root of a page served without a picture', () => {
    document.body.innerHTML = '<div id="root" hidden></div>';
    const root = document.getElementById('root') as HTMLElement;
    revealWhenReady(root);
    expect(root.hidden).toBe(false);
  });
});
