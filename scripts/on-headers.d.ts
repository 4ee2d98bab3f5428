// on-headers ships no types (and has no @types package installed here): the one call it has.
declare module "on-headers" {
  import type { ServerResponse } from "node:http";

  /** Runs `listener` (with `this` = res) just before res writes its headers. */
  function onHeaders<T extends ServerResponse>(
    res: T,
    listener: (this: T) => void,
  ): void;
  export = onHeaders;
}
