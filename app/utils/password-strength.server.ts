import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";

// Refuses very common and easily guessed passwords:
// zxcvbn-ts with its common dictionaries (40,000 leaked passwords, names, keyboard patterns),
// entirely on the server (no network, and nothing of it in the browser bundle).

export const WEAK_PASSWORD =
  "This password is too common or easy to guess. Try a longer one, such as a few unrelated words.";

/** zxcvbn's 0–4 scale: 0 and 1 (guessable in under about a million tries) are refused. */
const MIN_PASSWORD_SCORE = 2;

let factory: ZxcvbnFactory | undefined;

function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return factory;
}

/**
 * WEAK_PASSWORD when the password is too easy to guess, also counting the person's own
 * details (username, names, e-mail, company) as known words; null when it is fine. The
 * length rule (at least 6) is the validation schema's and is checked before this.
 */
export async function weakPasswordProblem(
  password: string,
  personal: Array<string | null | undefined> = [],
): Promise<string | null> {
  const known = personal
    .filter((p): p is string => typeof p === "string" && p.trim() !== "")
    .flatMap((p) => [p, ...p.split(/[@.\s_-]+/)])
    .filter((p) => p.length >= 3);
  const result = await estimator().check(password.slice(0, 100), known);
  return result.score < MIN_PASSWORD_SCORE ? WEAK_PASSWORD : null;
}
