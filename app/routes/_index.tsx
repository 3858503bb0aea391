import type { MetaFunction } from '@remix-run/node';

export const meta: MetaFunction = () => [
  { title: 'Car Export | Cars from China, exported worldwide' },
  { name: 'description', content: 'Browse cars from China and contact the seller for export worldwide.' },
];

// A placeholder until the site core lands: it proves the Remix server is built and serving.
export default function Index() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-4 px-6">
      <h1 className="text-3xl font-semibold">Car Export</h1>
      <p className="text-lg text-slate-600">Our catalogue of cars from China is coming soon.</p>
    </main>
  );
}
