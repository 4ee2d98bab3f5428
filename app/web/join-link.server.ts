import { INVITATION_DAYS } from "~/utils/invitation-rules";
import { tokenLink } from "./token-link.server";

/** The invitation page's token: kept for /join only, at most as long as a link lives. */
export const joinLink = () =>
  tokenLink("__join_token", "/join", INVITATION_DAYS * 24 * 60 * 60);
