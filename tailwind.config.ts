import type { Config } from 'tailwindcss';
import daisyui from 'daisyui';
import themes from 'daisyui/src/theming/themes';

/** The files whose words name the classes in use: Tailwind's and scripts/lib/unused-daisyui-rules.ts's. */
export const classSources = ['./index.html', './src/**/*.{ts,tsx}'];

/**
 * Tailwind reads every word of the sources as a possible class, and a `!` before one as its
 * important modifier: the code's negations (`if (!menu)`, `!container`) made `!important` copies
 * of nine components and utilities, 14 KB of every page's inline stylesheet (docs/decisions.md
 * D89). No class here uses the modifier, so the sources are read without it.
 */
export function withoutImportantModifiers(source: string): string {
  return source.replace(/!(?=[a-z])/gi, ' ');
}

/**
 * daisyUI components the app never puts on an element, whose names are words of its texts and
 * code ("Open menu", "Checkout steps", "Your rating", `toast()`): Tailwind reads any word as a
 * possible class and emitted each component whole, 18 KB of every page's inline stylesheet
 * (docs/decisions.md D101). `tests/server/tailwind-config.test.ts` fails when a `className`
 * names one of them.
 */
export const UNUSED_DAISYUI_COMPONENTS = [
  'avatar',
  'collapse',
  'countdown',
  'join',
  'menu',
  'progress',
  'rating',
  'step',
  'steps',
  'toast',
  'toggle',
];

export default {
  blocklist: UNUSED_DAISYUI_COMPONENTS,
  content: {
    files: classSources,
    transform: { ts: withoutImportantModifiers, tsx: withoutImportantModifiers },
  },
  // Hover styles only where there is a hover: a tap on a phone otherwise leaves a card "hovered",
  // restyling its list and animating its shadow in the frame that answers the tap (D76).
  future: { hoverOnlyWhenSupported: true },
  theme: {
    extend: {
      fontFamily: {
        sans: [
          'system-ui',
          '-apple-system',
          'Segoe UI',
          'Roboto',
          'Helvetica Neue',
          'Arial',
          'sans-serif',
        ],
      },
    },
  },
  plugins: [daisyui],
  daisyui: {
    themes: [
      {
        // daisyUI's light theme, with error and success colours dark enough for text on white
        // (WCAG AA 4.5:1; the defaults are about 2:1) and for white text on buttons.
        light: {
          ...themes.light,
          error: '#dc2626',
          'error-content': '#ffffff',
          success: '#15803d',
          'success-content': '#ffffff',
        },
      },
    ],
    logs: false,
  },
} satisfies Config & { daisyui: unknown };
