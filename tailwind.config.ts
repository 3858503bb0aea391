import type { Config } from 'tailwindcss';

// One palette for the whole site. `brand` is a deep trade-navy (trust, the primary actions, the
// header), `accent` a warm amber used sparingly (badges, prices, highlights), neutrals are slate.
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
          500: '#f67c12',
          600: '#e06208',
          700: '#b94a09',
          800: '#933a0f',
          900: '#773210',
          DEFAULT: '#f67c12',
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
