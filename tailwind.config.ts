import type { Config } from 'tailwindcss';

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      screens: { md: '768px' },
    },
  },
  plugins: [],
} satisfies Config;
