import RingGraphics
import RingLayers
import RingText
import Synchronization

/// Text in the ring's centre: the progress as a percentage or a number, or a fixed text.
/// Drawn as the font's outlines, filled in one colour, centred on the ring: across, and on
/// the middle of its capital letters' height down.
public struct RingLabel: Hashable, Sendable {
  /// What the label says.
  public enum Content: Hashable, Sendable {
    /// The progress in whole percent, rounded down ("0%" ... "75%" ... "100%").
    case percent
    /// The progress in turns with two decimals ("0.75").
    case value
    /// This text (line breaks start new lines).
    case text(String)
  }

  public let content: Content
  /// The font at the label's size; digits are tabular (`percent` and `value` do not jitter
  /// as they change).
  public let font: TextFont
  public let color: RGBAColor

  /// The longest text a label takes, in characters.
  public static let maximumLength = 200

  /// A label; throws `RingError` for an empty or over-long text, or one with control
  /// characters other than line breaks.
  public init(_ content: Content, font: TextFont, color: RGBAColor) throws {
    if case .text(let text) = content {
      guard !text.isEmpty, text.count <= RingLabel.maximumLength else {
        throw RingError(
          .invalidParameter,
          "a label's text is 1 to \(RingLabel.maximumLength) characters, not \(text.count)")
      }
      guard
        !text.unicodeScalars.contains(where: {
          $0.properties.generalCategory == .control && $0 != "\n"
        })
      else {
        throw RingError(
          .invalidParameter, "a label's text has no control characters but line breaks")
      }
    }
    self.content = content
    self.font = font
    self.color = color
  }

  /// The label's text for a progress of `value` turns.
  public func text(progress value: Double) -> String {
    switch content {
    case .text(let text): return text
    case .percent: return "\(RingLabel.hundredths(value))%"
    case .value:
      let n = RingLabel.hundredths(value)
      let fraction = n % 100
      return "\(n / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
  }

  /// Whether the text follows the progress.
  public var followsProgress: Bool {
    if case .text = content { return false }
    return true
  }

  /// `value` turns in whole hundredths, rounded down (a hair under a whole number counts
  /// as it: 0.29 turns is 29%).
  static func hundredths(_ value: Double) -> Int {
    Int((max(0, value) * 100 + 1e-7).rounded(.down))
  }

  /// The label with its font `k` times the size.
  func scaled(by k: Double) throws -> RingLabel {
    try RingLabel(content, font: font.withSize(font.size * k), color: color)
  }

  /// `text` laid out centred in a box of `size` points at its origin: the lines centred
  /// across, the block from the first line's capital height to the last baseline centred
  /// down. Returns the layout and its top left in the box.
  public func placed(_ text: String, in size: Size) -> (layout: TextLayout, origin: Point) {
    let look = TextAttributes(font: font, color: color, monospacedDigits: true)
    let layout = TextLayout(text, attributes: look, style: TextStyle(alignment: .center))
    guard let first = layout.lines.first, let last = layout.lines.last else {
      return (layout, .zero)
    }
    let top = first.baseline - font.capHeight
    return (
      layout,
      Point(
        x: (size.width - layout.size.width) / 2, y: size.height / 2 - (top + last.baseline) / 2)
    )
  }

  /// The outlines of `text` placed as `placed(_:in:)` says.
  public func path(_ text: String, in size: Size) -> BezierPath {
    let (layout, origin) = placed(text, in: size)
    var path = BezierPath()
    for fill in layout.fills(at: origin) { path.append(fill.path) }
    return path
  }

  /// The label's layer over a view of `size` points, showing the progress `p0`.
  func makeLayer(size: Size, progress p0: Double) -> ShapeLayer {
    let layer = ShapeLayer()
    layer.frame = Rect(origin: .zero, size: size)
    layer.path = path(text(progress: p0), in: size)
    layer.fillColor = color
    layer.strokeColor = nil
    return layer
  }
}

/// A percent or value label following a progress change: its path is the label's text for
/// the progress the ring shows at each time (the progress animation's own timing), each
/// text's outlines made once.
struct LabelAnimation: Animation {
  let label: RingLabel
  let size: Size
  let from: Double
  let to: Double
  let timing: AnimationTiming
  let paths: LabelPaths
  var delegate: (any AnimationDelegate)? { nil }
  var onStop: ((any Animation, Bool) -> Void)? { nil }
  var keyPath: PartialKeyPath<LayerProperties> { \LayerProperties.path }

  init(label: RingLabel, size: Size, progress: RingProgress) {
    self.label = label
    self.size = size
    from = progress.change?.from ?? progress.value
    to = progress.value
    timing = ProgressAnimation.timing(of: progress.change)
    paths = LabelPaths()
  }

  func validateValues() throws {}

  func apply(
    _ phase: AnimationPhase, model: LayerProperties, to presented: inout LayerProperties
  ) {
    let text = label.text(progress: ProgressAnimation.progress(phase, from: from, to: to))
    presented.path = paths.path(text) { label.path(text, in: size) }
  }
}

/// The outlines of each text a label has shown, shared by the threads that draw frames.
final class LabelPaths: Sendable {
  private let known = Mutex<[String: BezierPath]>([:])

  func path(_ text: String, make: () -> BezierPath) -> BezierPath {
    if let path = known.withLock({ $0[text] }) { return path }
    let path = make()
    known.withLock { $0[text] = path }
    return path
  }
}
