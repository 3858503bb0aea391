import type { Config } from 'tailwindcss';

// One palette for the whole site. `brand` is a deep trade-navy (trust, the primary actions, the
// header), `accent` a warm amber used sparingly (badges, prices, highlights), neutrals are slate.
// Accent contrast rule (WCAG AA, 4.5:1 for text): 50–400 are the bright ambers, for navy/dark
// backgrounds or as fills under navy text (400 under brand-950 is 7.9:1); 500 and darker are safe as
// text on white/slate-50 and as fills under white text (500 vs white 5.0:1, 600 6.1:1, 700 7.4:1).
// Never put white text on 50–400 or 50–400 text on white.
export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      screens: { md: '768px' },
      colors: {
        brand: {
          50: '#f0f6fc',
          100: '#dce9f7',
          200: '#b9d2ee',
          300: '#86b1e0',
          400: '#4f88cc',
          500: '#2c69b4',
          600: '#1e5397',
          700: '#19437b',
          800: '#163864',
          900: '#132f53',
          950: '#0b1d36',
          DEFAULT: '#19437b',
        },
        accent: {
          50: '#fff8ed',
          100: '#ffefd4',
          200: '#ffdba8',
          300: '#ffc071',
          400: '#fd9a38',
          500: '#b45309',
          600: '#a0490a',
          700: '#8c400b',
          800: '#733510',
          900: '#5f2c10',
          DEFAULT: '#b45309',
        },
      },
      // System fonts only: no web-font download on any page (performance budget in DESIGN.md).
      fontFamily: {
        sans: [
          'ui-sans-serif',
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          '"Noto Sans"',
          'sans-serif',
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
          '"Noto Color Emoji"',
        ],
      },
      boxShadow: {
        card: '0 1px 2px rgb(15 23 42 / 0.06), 0 4px 16px rgb(15 23 42 / 0.06)',
        dialog: '0 24px 64px rgb(11 29 54 / 0.28)',
      },
      height: { 'bottom-bar': '4rem' },
    },
  },
  plugins: [],
} satisfies Config;
