import { loggedPath } from "~/utils/logged-path";

// The logs never hold an invitation's token: /join/<token> is logged
// redacted in every spelling the router matches; other paths as they are.
describe("the path a log line shows", () => {
  it("redacts the invitation link however it is spelled", () => {
    const token = "Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg";
    for (const path of [
      `/join/${token}`,
      `/JOIN/${token}`,
      `/Join/${token}/`,
      `/%6Aoin/${token}`,
      `//join/${token}`,
      `/join//${token}`,
      `/join/${token}/more`,
    ])
      expect(loggedPath(path), path).toBe("/join/[redacted]");
  });

  it("leaves every other path as it is", () => {
    for (const path of [
      "/join",
      "/join/",
      "/joined/x",
      "/api/invitations",
      "/reset-password",
      "/employees/12",
      "/%E0%A4%A",
    ])
      expect(loggedPath(path)).toBe(path);
  });
});
