import Foundation
import RainbowRing

/// A standalone web page showing the ring: the CSS variant of the SVG inline (so it holds
/// its first frame still for a reader who prefers reduced motion), a button that pauses and
/// resumes the motion (WCAG 2.2.2: motion lasting over 5 s can be paused), and the SVG's
/// markup to copy into another page. The heading's metrics are whole pixels, so the ring
/// sits on the pixel grid (its edges as sharp as the SVG's own).
public enum HTMLPage {
  /// The page for `scene`, its animation playing `plays` times (0 forever); throws
  /// `RingError` for a conic gradient.
  public static func page(_ scene: RingScene, plays: Int = 0) throws -> String {
    let id = try VectorRing(scene, format: .html).idPrefix
    let svg = try SVGDocument.animated(scene, motion: .css, plays: plays)
    let (w, _) = scene.pixelSize
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Rainbow ring</title>
      <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem; color: #222; background: #fff; }
      h1 { font-size: 2rem; line-height: 2.5rem; margin: 0 0 1rem; }
      figure { margin: 0 0 1rem; }
      figure svg { display: block; max-width: 100%; height: auto; }
      button { font: inherit; padding: 0.3rem 1rem; }
      textarea { display: block; width: min(100%, 48rem); height: 8rem; font: 12px/1.4 ui-monospace, monospace; }
      svg.\(id).paused stop { animation-play-state: paused; }
      svg.\(id).playing stop { animation-play-state: running; }
      </style>
      </head>
      <body>
      <main>
      <h1>Rainbow ring</h1>
      <figure>
      \(svg)</figure>
      <p><button type="button" id="\(id)-toggle" aria-pressed="false">Pause</button>
      <span id="\(id)-state" role="status"></span></p>
      <h2>Embed it</h2>
      <p>Paste this SVG into a page (it is self-contained, \(w) px wide, and holds still for readers who prefer reduced motion), or save it as a file for <code>&lt;img src="ring.svg" alt="Rainbow ring"&gt;</code>:</p>
      <textarea id="\(id)-snippet" readonly aria-label="SVG markup">\(escaped(svg))</textarea>
      <p><button type="button" id="\(id)-copy">Copy</button></p>
      </main>
      <script>
      (() => {
        const ring = document.querySelector('svg.\(id)');
        const toggle = document.getElementById('\(id)-toggle');
        const state = document.getElementById('\(id)-state');
        const reduced = matchMedia('(prefers-reduced-motion: reduce)');
        // Paused when the reader prefers reduced motion, until they press Play.
        const isPaused = () => ring.classList.contains('paused') ||
          (reduced.matches && !ring.classList.contains('playing'));
        const show = () => {
          const paused = isPaused();
          toggle.textContent = paused ? 'Play' : 'Pause';
          toggle.setAttribute('aria-pressed', String(paused));
        };
        toggle.addEventListener('click', () => {
          const pause = !isPaused();
          ring.classList.toggle('paused', pause);
          ring.classList.toggle('playing', !pause);
          state.textContent = pause ? 'Paused' : 'Playing';
          show();
        });
        reduced.addEventListener('change', show);
        show();
        const snippet = document.getElementById('\(id)-snippet');
        document.getElementById('\(id)-copy').addEventListener('click', async () => {
          try {
            await navigator.clipboard.writeText(snippet.value);
          } catch {
            snippet.select();
            document.execCommand('copy');
          }
          state.textContent = 'Copied';
        });
      })();
      </script>
      </body>
      </html>

      """
  }

  /// `text` with `&`, `<` and `>` escaped for an HTML text element.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
