import { describe, expect, it } from "vitest";
import { youtubeEmbedUrl, youtubeVideoId } from "./video-links";

const ID = "dQw4w9WgXcQ";
const EMBED = `https://www.youtube-nocookie.com/embed/${ID}`;

describe("shared-video link recognition", () => {
  it("embeds a watch?v= link or a youtu.be short link with an 11-character id, on youtube-nocookie", () => {
    for (const link of [
      `https://www.youtube.com/watch?v=${ID}`,
      `https://youtube.com/watch?v=${ID}&t=42s`,
      `https://m.youtube.com/watch?feature=share&v=${ID}`,
      `http://www.youtube.com/watch?v=${ID}`,
      `  https://youtu.be/${ID}  `,
      `https://youtu.be/${ID}?si=abc`,
      `youtu.be/${ID}`,
      `www.youtube.com/watch?v=${ID}`,
      "https://youtu.be/a-b_c-D_e-F",
    ]) {
      expect(youtubeEmbedUrl(link), link).toBe(
        link.includes(ID) ? EMBED : "https://www.youtube-nocookie.com/embed/a-b_c-D_e-F",
      );
    }
    expect(youtubeVideoId(`https://youtu.be/${ID}`)).toBe(ID);
  });

  it("embeds nothing for ids of 10 or 12 characters, other hosts, other schemes or garbage", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXc",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQQ",
      "https://youtu.be/dQw4w9WgXc",
      "https://youtu.be/dQw4w9WgXcQQ",
      `https://youtu.be/${ID}/extra`,
      `https://youtu.be/dQw4w9Wg%20Q`,
      `https://www.youtube.com/watch?v=dQw4w9Wg<cQ`,
      `https://www.youtube.com/embed/${ID}`,
      `https://www.youtube.com/shorts/${ID}`,
      `https://evil.example/watch?v=${ID}`,
      `https://youtube.com.evil.example/watch?v=${ID}`,
      `https://notyoutu.be/${ID}`,
      `https://user@youtu.be/${ID}`,
      `https://youtu.be:8443/${ID}`,
      `javascript:alert(1)//youtu.be/${ID}`,
      `data:text/html,youtu.be/${ID}`,
      `ftp://youtu.be/${ID}`,
      "not a link at all",
      "",
      "   ",
      null,
      undefined,
      `https://youtu.be/${ID}`.padEnd(600, "x"),
    ]) {
      expect(youtubeEmbedUrl(link), String(link)).toBeNull();
    }
  });
});
