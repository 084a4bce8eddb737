import Foundation
import RainbowRing
import RingTestSupport
import Testing

/// The exports in real browsers, live (unseeked, by wall time): an `<img>` plays the SVG by
/// itself, a reader who prefers reduced motion sees a still first frame, the page's button
/// pauses. One at a time: each compares shots taken at set moments after the load.
@Suite(.serialized) struct WebLivePlaybackTests {
  let web: WebPlayer

  init() throws { web = try WebPlayer() }

  /// The time (to 5 ms, within `range` seconds) whose engine frame the shot matches best
  /// inside the ring, and how well: every 50 ms, then every 5 ms around the best.
  static func bestMatch(_ shot: [UInt8], range: ClosedRange<Double>) throws -> (
    time: Double, agreement: FrameAgreement
  ) {
    let renderer = try FrameRenderer(scene: RingScene(background: .white))
    func match(_ ticks: some Sequence<Int>, per second: Double) -> (Double, FrameAgreement) {
      var best: (Double, FrameAgreement)?
      for k in ticks {
        let t = Double(k) / second
        let a = FrameAgreement(
          expected: RGBAImage(renderer.render(at: .seconds(t))).bytes, actual: shot, width: 160,
          interior: WebPlayer.interior(scale: 1))
        if best == nil || a.interiorDelta < best!.1.interiorDelta { best = (t, a) }
      }
      return best!
    }
    let coarse = match(Int(range.lowerBound * 20)...Int(range.upperBound * 20), per: 20)
    let center = Int((coarse.0 * 200).rounded())
    return match(max(0, center - 10)...center + 10, per: 200)
  }

  /// In an `<img>`, the SMIL SVG plays by itself: shots 0.6 s apart show different frames,
  /// each the engine's frame at some time after the load (to 5 ms), later for the later shot.
  @Test(arguments: WebPlayer.browsers)
  func anImageTagPlaysTheLoopByItself(browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: web.dir) }
    let file = try web.export("ring.svg")
    let out = web.dir + "/img"
    _ = try web.browse(
      browser, file, out: out, ["--scales", "1", "--embed", "img", "--live", "0.3,0.9"])
    let first = try web.shot(out + "/1x-live-0.png")
    let second = try web.shot(out + "/1x-live-1.png")
    #expect(first.rgba != second.rgba, "\(browser): the image moved")
    let a = try Self.bestMatch(first.rgba, range: 0...3)
    let b = try Self.bestMatch(second.rgba, range: 0...3)
    #expect(a.agreement.interiorDelta <= 4, "\(browser) first shot: \(a)")
    #expect(b.agreement.interiorDelta <= 4, "\(browser) second shot: \(b)")
    #expect(b.time > a.time, "\(browser): \(a.time) s then \(b.time) s")
    print(
      "web <img> in \(browser): frames of \(a.time) s and \(b.time) s shown (within \(max(a.agreement.interiorDelta, b.agreement.interiorDelta)) levels)"
    )
  }

  /// A reader who prefers reduced motion sees the first frame, still, in the CSS SVG and in
  /// the page (whose Pause button is then pressed).
  @Test(arguments: ["css.svg", "ring.html"], WebPlayer.browsers)
  func reducedMotionHoldsTheFirstFrame(file name: String, browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: web.dir) }
    let file = try web.export(name, name.hasSuffix(".svg") ? ["--svg-animation", "css"] : [])
    let out = web.dir + "/reduced"
    let report = try web.browse(
      browser, file, out: out, ["--scales", "1", "--reduced-motion", "--live", "0.2,1.0"])
    #expect(report.contains("reduced-motion: true"), "\(browser) emulated the preference")
    let first = try web.shot(out + "/1x-live-0.png")
    let second = try web.shot(out + "/1x-live-1.png")
    #expect(first.rgba == second.rgba, "\(name) in \(browser): still")
    let agreement = FrameAgreement(
      expected: try WebPlayer.expected(0, scale: 1), actual: first.rgba, width: 160,
      interior: WebPlayer.interior(scale: 1))
    #expect(agreement.interiorDelta <= 3, "\(name) in \(browser): the first frame: \(agreement)")
  }

  /// The page moves, then its button (pressed 3 s after the load) pauses it: shots at 0.2
  /// and 1.0 s differ, shots at 4 and 4.8 s are equal, and differ from what moved before
  /// (2 s between the last moving shot and the press: a screenshot slowed by a loaded
  /// machine still comes before it).
  @Test(arguments: WebPlayer.browsers)
  func thePagesButtonPausesTheMotion(browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: web.dir) }
    let file = try web.export("ring.html")
    let out = web.dir + "/pause"
    let button = "document.querySelector('button[aria-pressed]')"
    _ = try web.browse(
      browser, file, out: out,
      [
        "--scales", "1", "--live", "0.2,1.0,4.0,4.8", "--before",
        "setTimeout(() => { \(button).click(); document.title = \(button).textContent; }, 3000)",
      ])
    let shots = try (0..<4).map { try web.shot(out + "/1x-live-\($0).png").rgba }
    #expect(shots[0] != shots[1], "\(browser): the page moves before the button is pressed")
    #expect(shots[2] == shots[3], "\(browser): still once paused")
    #expect(shots[1] != shots[2], "\(browser): it moved until the press")
  }

  /// The page's Pause button is a toggle: its label stays, `aria-pressed` says whether the
  /// ring stands still, and it is true once a finite loop (here 0.73 s) has ended; pressing
  /// it then plays the loop again, pressing it once more pauses.
  @Test(arguments: WebPlayer.browsers)
  func thePagesButtonShowsWhenAFiniteLoopEnds(browser: String) throws {
    defer { try? FileManager.default.removeItem(atPath: web.dir) }
    let file = try web.export("ring.html", ["--step-duration", "0.01", "--loop-count", "1"])
    let check = """
      (async () => {
        const button = document.querySelector('button[aria-pressed]');
        const moving = () => document.querySelector('svg').getAnimations({ subtree: true })
          .some((a) => a.playState === 'running');
        const label = button.textContent, seen = [];
        const note = () => seen.push(button.getAttribute('aria-pressed') + (moving() ? ' moving' : ' still'));
        note();
        // Until the loop has ended (0.73 s; longer on a loaded machine), at most 20 s.
        for (let i = 0; i < 200 && moving(); i++) await new Promise((r) => setTimeout(r, 100));
        await new Promise((r) => setTimeout(r, 100));
        note();
        button.click();
        note();
        button.click();
        note();
        if (button.textContent !== label) throw new Error('the label went from ' + label + ' to ' + button.textContent);
        const want = 'false moving,true still,false moving,true still';
        if (seen.join() !== want) throw new Error('aria-pressed and motion went ' + seen.join() + ', not ' + want);
      })()
      """
    _ = try web.browse(
      browser, file, out: web.dir + "/ended", ["--scales", "1", "--live", "0.1", "--before", check])
  }
}
