import {
  type ApiKeyActor,
  liveApiKey,
} from "~/models/integrations/index.server";
import { getUserById } from "./user.server";

/**
 * The live key a bearer secret names, with who it acts as: its company's employer side. The
 * row is the key's creator's (actions need a person to point at, as approvedById does), with
 * the key's company and the owner's role, so the scopes alone decide what the key may do. Null
 * for an unknown or revoked key, or a creator who is gone. Marks the key's last use.
 */
export async function authenticateApiKey(
  secret: string,
): Promise<ApiKeyActor | null> {
  const live = await liveApiKey(secret);
  if (!live) return null;
  const creator = await getUserById(live.createdById);
  if (!creator) return null;
  return {
    key: live.key,
    user: {
      ...creator,
      role: "EMPLOYER",
      companyId: live.key.companyId,
      companyRole: "OWNER",
    },
  };
}
