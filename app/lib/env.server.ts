// The server's configuration: process.env parsed once with zod, so a bad deploy fails at the first
// request with a message naming the variable, instead of somewhere deep in a loader.
import { z } from 'zod';

/** Used only outside production, so `npm run dev` and the tests work without a generated secret. */
const DEV_SESSION_SECRET = 'dev-only-session-secret-not-for-production';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    WORDPRESS_URL: z
      .string({ required_error: 'is required (the WordPress with the car-export plugin, e.g. http://127.0.0.1:8080)' })
      .url('must be an absolute http(s) URL')
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL')
      .transform((u) => u.replace(/\/+$/, '')),
    SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    PURGE_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * How many reverse proxies in front of the site append to X-Forwarded-For (and set
     * X-Forwarded-Proto). 0 (default): the visitor's address is the socket's peer and every
     * forwarded header is ignored, since anyone could write them.
     */
    TRUST_PROXY: z
      .string()
      .regex(/^(\d{1,2}|true|false)$/, 'must be a number of proxy hops (0, 1, 2...) or true/false')
      .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
      .default('0'),
    /** Secure flag of the session cookie: auto (production and https), or forced on/off. */
    COOKIE_SECURE: z.union([z.literal('auto'), flag]).default('auto'),
    /**
     * The site's public address (e.g. https://cars.example.com), for absolute URLs in /sitemap.xml
     * and /robots.txt when the request's own origin is not the public one. Unset: the request's.
     */
    PUBLIC_URL: z
      .string()
      .url('must be an absolute http(s) URL')
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL')
      .transform((u) => new URL(u).origin)
      .optional(),
    /** Folder of the lead outbox (leads kept while WordPress is down); one per site process. */
    OUTBOX_DIR: z.string().min(1).optional(),
  })
  .transform((env, ctx) => {
    let sessionSecret = env.SESSION_SECRET;
    if (!sessionSecret) {
      if (env.NODE_ENV === 'production') {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['SESSION_SECRET'], message: 'is required in production' });
        return z.NEVER;
      }
      sessionSecret = DEV_SESSION_SECRET;
    }
    return {
      nodeEnv: env.NODE_ENV,
      isProduction: env.NODE_ENV === 'production',
      wordpressUrl: env.WORDPRESS_URL,
      sessionSecret,
      purgeSecret: env.PURGE_SECRET ?? null,
      trustProxy: env.TRUST_PROXY,
      cookieSecure: env.COOKIE_SECURE,
      publicUrl: env.PUBLIC_URL ?? null,
      outboxDir: env.OUTBOX_DIR ?? null,
    };
  });

export type ServerEnv = z.output<typeof schema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses an environment (a copy of process.env); exported for tests. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  // Empty values count as unset: `PURGE_SECRET=` in a .env file means "not configured".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid server configuration (environment variables):\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: ServerEnv | undefined;

/** The parsed environment, read on first use (not at import, so unit tests can import freely). */
export function env(): ServerEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The public origin of absolute URLs: PUBLIC_URL when set, else the request's own origin. */
export function publicOrigin(request: Request): string {
  return env().publicUrl ?? new URL(request.url).origin;
}

/** Tests only: forget the parsed environment so a changed process.env is read again. */
export function resetEnvForTests(): void {
  cached = undefined;
}
