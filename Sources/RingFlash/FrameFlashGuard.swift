import RainbowRing

/// The flash check of content that can be drawn only once, in order: a program's window,
/// whose clock moves forward as its callbacks run. Each frame a file shows is counted as it
/// is drawn (`observe`), at a screening resolution, from the same layer tree; the verdict
/// (`verdict()`) comes before the file is put in place, so a refusal leaves nothing behind.
///
/// Viewed as `FlashCheck` views a ring by default: from where the content's shorter side
/// fills the 10-degree field, the worst case. Transparent pixels are seen over white and the
/// other `FlashCheck.transparentBackdrops`. A file that loops has its first second counted
/// again after its last frame, so a flash across the seam counts.
public final class FrameFlashGuard: @unchecked Sendable {
  /// The content's size, in points.
  public let size: Size
  /// When each frame shows, from the file's start: frame i from `showTimes[i]`, the last
  /// until `length`.
  private let showTimes: [MediaTime]
  private let length: MediaTime
  private let loops: Bool
  private let scale: Double
  private let backdrops: [RGBAColor]
  private var counters: [FlashCounter]
  private var renderer: FrameRenderer?
  /// How the file shows a frame (a GIF's palette and on/off transparency), and its buffer.
  private let look: FlashCheck.FrameLook?
  private var shown: Pixmap
  /// The analysed frames of the file's first second, counted again after the last.
  private var firstSecond: [Pixmap] = []
  private var observed = 0
  private var lastTime: MediaTime?

  /// The most pixels on the screened frame's shorter side.
  static let screeningSide = 64.0

  /// A guard for the frames of a file (`showing`, a `.file`: its frames shown at times
  /// rounded to its tick, played `plays` times, and looping unless once) of content `size`
  /// points on `background`; each as `look` shows it (a GIF's palette), or with only on/off
  /// transparency when `onOffAlpha`. Throws `RingError` for an empty size or a showing that
  /// is not a file with frames and a length.
  public init(
    size: Size, background: RGBAColor, showing: FlashShowing,
    look: FlashCheck.FrameLook? = nil, onOffAlpha: Bool = false
  ) throws {
    guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite,
      case .file(let count, let duration, let plays, _) = showing, count >= 1,
      duration > .zero
    else {
      throw RingError(
        .invalidParameter, "a flash guard needs a size and a file's frames and length")
    }
    self.size = size
    showTimes = (0..<count).map { .nanoseconds(showing.filePlayTime(ofFrame: $0)!) }
    length = .nanoseconds(showing.filePlayTime(ofFrame: count)!)
    loops = plays != 1
    let side = min(size.width, size.height)
    let scale = min(1, Self.screeningSide / side)
    let backdrops = background.alpha >= 1 ? [RGBAColor.white] : FlashCheck.transparentBackdrops
    let (w, h) = RingScene.pixelSize(of: size, scale: scale)
    let rate = min(1000, max(1, Double(showTimes.count) / length.seconds))
    counters = try backdrops.map {
      try FlashCounter(
        width: w, height: h, frameRate: rate, fieldDiameter: side * scale, backdrop: $0)
    }
    self.scale = scale
    self.backdrops = backdrops
    self.look = look ?? (onOffAlpha && background.alpha < 1 ? FlashCheck.FrameLook.onOff : nil)
    shown = try Pixmap(width: self.look != nil ? w : 1, height: self.look != nil ? h : 1)
  }

  /// Draws the tree under `root` from now on (a new renderer's tree, when an exporter makes
  /// another).
  public func draw(_ root: Layer) throws {
    let (w, h) = RingScene.pixelSize(of: size, scale: scale)
    renderer = try FrameRenderer(root: root, width: w, height: h, scale: scale)
  }

  /// Counts the tree as it is at `time`, the next frame the file shows; a time not after
  /// the last one counted is the same frame drawn again, and is not counted twice.
  public func observe(at time: MediaTime) {
    guard let renderer, observed < showTimes.count else { return }
    if let lastTime, time <= lastTime { return }
    lastTime = time
    var frame = renderer.render(at: time)
    if let look {
      look.apply(frame, &shown)
      frame = shown
    }
    let at = showTimes[observed]
    for k in counters.indices { counters[k].append(frame, at: at) }
    if loops && at < .seconds(1) { firstSecond.append(frame) }
    observed += 1
  }

  /// The verdict on every frame observed: the worst over the backdrops. A looping file's
  /// first second is counted again first, after its last frame (a file under a second long
  /// is counted again pass after pass for two seconds), so windows across its seam count.
  public func verdict() -> FlashVerdict {
    if loops && observed == showTimes.count {
      var start = length.nanoseconds
      repeat {
        for (i, frame) in firstSecond.enumerated() {
          let shown = MediaTime.nanoseconds(start + showTimes[i].nanoseconds)
          for k in counters.indices { counters[k].append(frame, at: shown) }
        }
        start += length.nanoseconds
      } while length < .seconds(1) && start < length.nanoseconds + 2_000_000_000
      firstSecond = []
    }
    return FlashVerdict(worstOf: counters, over: backdrops)
  }
}
