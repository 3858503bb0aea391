// The Content-Security-Policy nonce of the response being rendered. The server generates one per
// response (server.mjs) and renders it into every inline <script>; in the browser the value is
// empty (browsers hide a nonce from scripts once the policy has read it, and nothing is injected
// after hydration that would need one).
import { createContext, useContext } from 'react';

const NonceContext = createContext<string>('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext) || undefined;
}
