// The server's configuration: process.env parsed once with zod. server.mjs parses it at boot (through
// the build's entry module), so a bad deploy stops at start with a message naming the variable,
// instead of failing somewhere deep in a loader on the first request.
import { z } from 'zod';

/** Used only outside production, so `npm run dev` and the tests work without a generated secret. */
const DEV_SESSION_SECRET = 'dev-only-session-secret-not-for-production';

const flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    WORDPRESS_URL: z
      .string({ required_error: 'is required (the WordPress with the car-export plugin, e.g. http://127.0.0.1:8080)' })
      .url('must be an absolute http(s) URL')
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL')
      .transform((u) => u.replace(/\/+$/, '')),
    /**
     * Where browsers load WordPress's uploads (car photos, videos) when that is not WORDPRESS_URL,
     * e.g. http://localhost:8080 or a CDN, while the site talks to http://wordpress inside Docker.
     */
    WORDPRESS_PUBLIC_URL: z
      .string()
      .url('must be an absolute http(s) URL')
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL')
      .transform((u) => new URL(u).origin)
      .optional(),
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
     * The site's public address (e.g. https://cars.example.com): the only origin of absolute URLs
     * (canonical, og:url, JSON-LD, sitemap, robots, share links) and the only origin a form may be
     * posted from. Never taken from the Host header, which any client can write. Required in
     * production; elsewhere it defaults to http://127.0.0.1:$PORT.
     */
    PUBLIC_URL: z
      .string()
      .url('must be an absolute http(s) URL')
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL')
      .transform((u) => new URL(u).origin)
      .optional(),
    /** Folder of the lead outbox (leads kept while WordPress is down); one per site process. */
    OUTBOX_DIR: z.string().min(1).optional(),
    PORT: z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number (1-65535)')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65535, 'must be a port number (1-65535)')
      .default('3000'),
    /** Longest time, in seconds, a whole page is kept for anonymous visitors; 0 turns it off. */
    PAGE_CACHE_TTL: z
      .string()
      .regex(/^\d{1,6}$/, 'must be a whole number of seconds (0 turns the page cache off)')
      .transform(Number)
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
    if (!env.PUBLIC_URL && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['PUBLIC_URL'],
        message: 'is required in production (the address visitors use, e.g. https://cars.example.com)',
      });
      return z.NEVER;
    }
    return {
      nodeEnv: env.NODE_ENV,
      isProduction: env.NODE_ENV === 'production',
      wordpressUrl: env.WORDPRESS_URL,
      /** Origins pictures and videos may come from (the content security policy lists them). */
      mediaOrigins: [...new Set([new URL(env.WORDPRESS_URL).origin, ...(env.WORDPRESS_PUBLIC_URL ? [env.WORDPRESS_PUBLIC_URL] : [])])],
      sessionSecret,
      purgeSecret: env.PURGE_SECRET ?? null,
      trustProxy: env.TRUST_PROXY,
      cookieSecure: env.COOKIE_SECURE,
      publicUrl: env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`,
      port: env.PORT,
      // Off in development, where every request should render the code as it is.
      pageCacheTtl: env.PAGE_CACHE_TTL ?? (env.NODE_ENV === 'development' ? 0 : 60),
      logLevel: env.LOG_LEVEL,
      outboxDir: env.OUTBOX_DIR ?? null,
    };
  });

export type ServerEnv = z.output<typeof schema>;

export class EnvError extends Error {
  override name = 'EnvError';
  constructor(
    message: string,
    /** One "VARIABLE: problem" per bad variable, for a one-line boot message. */
    public problems: string[] = [],
  ) {
    super(message);
  }
}

/** Parses an environment (a copy of process.env); exported for tests. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  // Empty values count as unset: `PURGE_SECRET=` in a .env file means "not configured".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => {
      const name = i.path.join('.');
      const value = name ? cleaned[name] : undefined;
      // Secrets are never echoed; other values are, so the operator sees what was read.
      const shown = value !== undefined && !/SECRET/.test(name) ? ` (got ${JSON.stringify(value)})` : '';
      return `${name || '(env)'}: ${i.message}${shown}`;
    });
    throw new EnvError(`Invalid server configuration (environment variables):\n${problems.map((p) => `  - ${p}`).join('\n')}`, problems);
  }
  return result.data;
}

let cached: ServerEnv | undefined;

/** The parsed environment, read on first use (not at import, so unit tests can import freely). */
export function env(): ServerEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The public origin of absolute URLs: PUBLIC_URL (or its development default), never the Host header. */
export function publicOrigin(): string {
  return env().publicUrl;
}

/** Tests only: forget the parsed environment so a changed process.env is read again. */
export function resetEnvForTests(): void {
  cached = undefined;
}
