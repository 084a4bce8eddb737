import Foundation
import RainbowRing

/// A standalone web page showing the ring: the CSS variant of the SVG inline (so it holds
/// its first frame still for a reader who prefers reduced motion), a Pause toggle button
/// (its label fixed, `aria-pressed` true while the ring stands still: paused, held for
/// reduced motion, or at the end of a finite loop, when pressing it again plays the loop
/// anew) for WCAG 2.2.2 (motion lasting over 5 s can be paused), and the SVG's
/// markup to copy into another page. The heading's metrics are whole pixels, so the ring
/// sits on the pixel grid (its edges as sharp as the SVG's own).
public enum HTMLPage {
  /// The page for `scene`, its animation playing `plays` times (0 forever); throws
  /// `RingError` for a conic gradient.
  public static func page(_ scene: RingScene, plays: Int = 0) throws -> String {
    _ = try VectorRing(scene, format: .html)
    // The page's one id, the hash of the whole page, stands in the SVG too.
    let id = VectorID.placeholder
    let svg = try SVGDocument.animationText(scene, motion: .css, plays: plays)
    let (w, _) = scene.pixelSize
    return VectorID.stamped(
      """
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
        // The stops' animations say whether the ring moves: paused by the button or, for a
        // reader who prefers reduced motion, by the style sheet; finished after a finite loop.
        const animations = () => ring.getAnimations({ subtree: true });
        const still = () => !animations().some((a) => a.playState === 'running');
        const show = () => toggle.setAttribute('aria-pressed', String(still()));
        toggle.addEventListener('click', () => {
          const pause = !still();
          // play() also starts a finished loop again from its first frame.
          for (const a of animations()) pause ? a.pause() : a.play();
          state.textContent = pause ? 'Paused' : 'Playing';
          show();
        });
        ring.addEventListener('animationend', () => {
          if (still()) state.textContent = 'Ended';
          show();
        });
        matchMedia('(prefers-reduced-motion: reduce)').addEventListener('change', show);
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
    ).text
  }

  /// `text` with `&`, `<` and `>` escaped for an HTML text element.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
