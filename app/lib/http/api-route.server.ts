// The one shape of every /api/* resource route: the allowed method (anything else is a 405 with an
// Allow header), a JSON body read with the size limit and checked with the route's schema (a 400
// with the schema's sentence), and every thrown error mapped once (errorResponse of
// lib/http/api-responses.server.ts, by the one WordPress failure rule, with the route's fallback).
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import { handle, methodNotAllowed, readJsonBody } from '~/lib/http/api-responses.server';

type Params = LoaderFunctionArgs['params'];

type Context<B> = { request: Request; params: Params; context: AppLoadContext; body: B };

type ApiRouteSpec<S extends z.ZodTypeAny | undefined> = {
  /** 'ANY' runs for every method (the catch-all that answers every unknown address alike). */
  method: 'GET' | 'POST' | 'ANY';
  /** The JSON body's schema (POST only); without one the body is not read. */
  body?: S;
  /** The sentence for a WordPress failure that brought none of its own. */
  fallback?: string;
  run: (context: Context<S extends z.ZodTypeAny ? z.output<S> : undefined>) => Promise<Response>;
};

/** `export const { loader, action } = apiRoute({ method, body, fallback, run })`. */
export function apiRoute<S extends z.ZodTypeAny | undefined = undefined>(spec: ApiRouteSpec<S>) {
  const allow = [spec.method];
  type Body = S extends z.ZodTypeAny ? z.output<S> : undefined;
  const run = ({ request, params, context }: LoaderFunctionArgs) =>
    handle(async () => {
      const body = (spec.body ? await readJsonBody(request, spec.body) : undefined) as Body;
      return spec.run({ request, params, context, body });
    }, spec.fallback);

  if (spec.method === 'ANY') {
    return { loader: (args: LoaderFunctionArgs) => run(args), action: (args: ActionFunctionArgs) => run(args) };
  }
  if (spec.method === 'GET') {
    return {
      loader: (args: LoaderFunctionArgs) => run(args),
      action: () => methodNotAllowed(allow),
    };
  }
  return {
    loader: () => methodNotAllowed(allow),
    action: (args: ActionFunctionArgs) => (args.request.method === 'POST' ? run(args) : methodNotAllowed(allow)),
  };
}
