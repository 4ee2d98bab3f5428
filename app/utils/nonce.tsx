import { createContext, useContext, type ReactNode } from "react";

// The per-request Content-Security-Policy nonce, set by the server adapter and given to
// <Scripts>/<ScrollRestoration> so no inline script runs without it.
const NonceContext = createContext<string>("");

export function NonceProvider({
  value,
  children,
}: {
  value: string;
  children: ReactNode;
}) {
  return (
    <NonceContext.Provider value={value}>{children}</NonceContext.Provider>
  );
}

export const useNonce = () => useContext(NonceContext);
