import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/icons/arrow-right-icon';
import { PauseIcon } from '@/components/icons/pause-icon';
import { PlayIcon } from '@/components/icons/play-icon';
import { Hero } from '@/components/layout/hero';
import { paths } from '@/config/paths';
import { createOfferTyper, type OfferTyper } from '../offer-typer';

/** The rotating offers (docs/product.md §2, §9: marketing text, 70 ms type speed). */
export const HERO_OFFERS = ['Up to 10% off on all courses', 'Up to 20% off on all books'];

/** Whether the reader asked for less motion: the offers are then shown still (src/index.css). */
function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Types and erases the offers in turn into `box`, while `playing`; not at all for a reader who
 * asked for less motion. The box is empty until the page is the app's, as it is when the typing
 * starts; the offers are read out by the hero's sr-only text: the typing is for the eyes only.
 */
function useOfferTyper(box: RefObject<HTMLElement | null>, playing: boolean): void {
  const typer = useRef<OfferTyper | null>(null);
  useEffect(() => {
    if (prefersReducedMotion() || !box.current) return;
    // What an earlier instance typed here (the effect run again, as in development).
    box.current.replaceChildren();
    const instance = createOfferTyper(box.current, HERO_OFFERS);
    typer.current = instance;
    return () => {
      instance.stop();
      typer.current = null;
    };
  }, [box]);
  // stop() keeps the letter reached; start() goes on from it.
  useEffect(() => {
    if (playing) typer.current?.start();
    else typer.current?.stop();
  }, [playing]);
}

/**
 * Whether `box` is on the screen: the typing stops while the reader has scrolled it away, as its
 * letters cost a phone's main thread and battery when nobody sees them (docs/decisions.md
 * D97). True where the browser cannot tell.
 */
function useOnScreen(box: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setOnScreen(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return onScreen;
}

/**
 * The offers' pause button (WCAG 2.2.2: what moves on its own for more than five seconds can be
 * stopped) and the typed offers beside it. The button stands first, so the growing text never
 * moves it; on a phone an offer may take two lines beside it, so the box holds two from the
 * start (a box that grew would move everything under it).
 */
function HeroOffers() {
  const [playing, setPlaying] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  const typed = useRef<HTMLSpanElement>(null);
  const onScreen = useOnScreen(box);
  useOfferTyper(typed, playing && onScreen);
  return (
    <div className="hero-offers mt-6 flex items-center gap-3">
      <button
        type="button"
        className="btn btn-circle btn-ghost btn-sm shrink-0 text-white ring-1 ring-white/30 hover:bg-white/10"
        aria-label={playing ? 'Pause the offers' : 'Play the offers'}
        onClick={() => setPlaying((now) => !now)}
      >
        {playing ? <PauseIcon className="h-4 w-4" /> : <PlayIcon className="h-4 w-4" />}
      </button>
      {/* The caret is the typed text's right border (src/index.css, .hero-typed): a caret
          character after the text would move with every letter, a layout shift each. */}
      <div
        ref={box}
        aria-hidden="true"
        className="hero-typewriter min-h-[3.5rem] text-xl font-bold text-amber-300 sm:min-h-[2.5rem] sm:text-3xl"
      >
        <span ref={typed} className="hero-typed" />
      </div>
    </div>
  );
}

export function HomeHero() {
  return (
    <Hero image="/images/hero/home-hero.svg" labelledBy="home-hero-heading">
      <div className="max-w-2xl py-20 text-white sm:py-28 lg:py-32">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-white/90 ring-1 ring-white/20 backdrop-blur">
          Books · Courses · Live chat
        </p>
        <h1
          id="home-hero-heading"
          className="mt-5 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl lg:text-6xl"
        >
          Welcome to{' '}
          <span className="whitespace-nowrap">
            Learn
            <span className="text-primary-content/90 underline decoration-primary decoration-4 underline-offset-8">
              Together
            </span>
          </span>
        </h1>
        {/* Screen readers get the offers once; the animation is for the eyes only. */}
        <p className="sr-only">{HERO_OFFERS.join('. ')}.</p>
        <HeroOffers />
        {/* Shown instead of the typing to a reader who asked for less motion (src/index.css):
            chosen by CSS, so the prerendered page is the same for everyone. */}
        <p
          aria-hidden="true"
          className="hero-offers-still mt-6 text-xl font-bold text-amber-300 sm:text-3xl"
        >
          {HERO_OFFERS.join(' · ')}
        </p>
        <p className="mt-4 max-w-xl text-base leading-relaxed text-white/80 sm:text-lg">
          Hand-picked books, practical online courses and topic chat rooms where you can learn with
          your friends.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to={paths.courses}
            className="btn btn-primary btn-lg rounded-xl normal-case shadow-lg shadow-primary/30"
          >
            Explore Now
            <ArrowRightIcon className="h-5 w-5" />
          </Link>
        </div>
      </div>
    </Hero>
  );
}
