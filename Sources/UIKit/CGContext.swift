import RingCodecs
import RingGraphics
import RingLayers

/// A bitmap drawing context (Core Graphics'): what `UIGraphicsImageRenderer` draws into and
/// `CALayer.render(in:)` draws on. Coordinates in points, y down; `scale` pixels per point.
open class CGContext {
  var pixmap: Pixmap
  let scale: Double
  /// Where the user space's origin sits, in points (`translateBy`).
  private var origin = Point.zero
  private var fill = CGColor(gray: 0, alpha: 1)
  private var stroke = CGColor(gray: 0, alpha: 1)
  private var lineWidth: CGFloat = 1

  init(pixmap: Pixmap, scale: Double) {
    self.pixmap = pixmap
    self.scale = scale
  }

  var fillColor: CGColor {
    get { fill }
    set { fill = newValue }
  }
  var strokeColor: CGColor {
    get { stroke }
    set { stroke = newValue }
  }

  public func translateBy(x: CGFloat, y: CGFloat) {
    origin = Point(x: origin.x + Double(x), y: origin.y + Double(y))
  }
  public func setFillColor(_ color: CGColor) { fill = color }
  public func setStrokeColor(_ color: CGColor) { stroke = color }
  public func setLineWidth(_ width: CGFloat) { lineWidth = width }

  public func fill(_ rect: CGRect) {
    draw(shape(BezierPath(rect: rect.rect), fill: fill.rgba, stroke: nil), offset: .zero)
  }
  public func stroke(_ rect: CGRect) {
    draw(
      shape(BezierPath(rect: rect.rect), fill: nil, stroke: (stroke.rgba, Double(lineWidth))),
      offset: .zero)
  }
  public func fillEllipse(in rect: CGRect) {
    draw(shape(BezierPath(ovalIn: rect.rect), fill: fill.rgba, stroke: nil), offset: .zero)
  }
  public func strokeEllipse(in rect: CGRect) {
    draw(
      shape(BezierPath(ovalIn: rect.rect), fill: nil, stroke: (stroke.rgba, Double(lineWidth))),
      offset: .zero)
  }

  func draw(_ path: UIBezierPath, fill isFill: Bool) {
    let layer = shape(
      path.bezier, fill: isFill ? fill.rgba : nil,
      stroke: isFill ? nil : (stroke.rgba, Double(path.lineWidth)))
    layer.fillRule = path.usesEvenOddFillRule ? .evenOdd : .nonZero
    layer.lineCap = LineCap(rawValue: "\(path.lineCapStyle)") ?? .butt
    layer.lineJoin = LineJoin(rawValue: "\(path.lineJoinStyle)") ?? .miter
    layer.miterLimit = Double(path.miterLimit)
    draw(layer, offset: .zero)
  }

  private func shape(_ path: BezierPath, fill: RGBAColor?, stroke: (RGBAColor, Double)?)
    -> ShapeLayer
  {
    let layer = ShapeLayer()
    layer.anchorPoint = .zero
    layer.path = path
    layer.fillColor = fill
    layer.strokeColor = stroke?.0
    layer.lineWidth = stroke?.1 ?? 1
    return layer
  }

  /// Draws `root` (its model: it carries no animations) over what the context holds, its
  /// superlayer's origin moved by `offset` points.
  func draw(_ root: Layer, offset: Point) {
    let t = Transform2D(translationX: origin.x + offset.x, y: origin.y + offset.y)
      .concatenating(Transform2D(scaleX: scale, y: scale))
    LayerRenderer().render(root.presentation(at: .zero), transform: t, into: &pixmap)
  }
}

/// The contexts being drawn into, innermost last (`UIGraphicsGetCurrentContext()`).
enum GraphicsContextStack {
  nonisolated(unsafe) static var stack: [CGContext] = []
  static var current: CGContext? { stack.last }
}

public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.current }

/// An image: pixels at a scale (UIKit's). Sizes in points.
open class UIImage: NSObject {
  let pixmap: Pixmap
  public let scale: CGFloat

  init(pixmap: Pixmap, scale: CGFloat) {
    self.pixmap = pixmap
    self.scale = scale
    super.init()
  }

  public var size: CGSize {
    CGSize(width: CGFloat(pixmap.width) / scale, height: CGFloat(pixmap.height) / scale)
  }

  /// The image as a PNG file's bytes (8-bit RGBA, straight alpha).
  public func pngData() -> Data? {
    (try? PNGEncoder.encode(pixmap)).map { Data($0) }
  }
}

/// How an image renderer's images are made: `scale` pixels per point (the main screen's
/// unless set).
open class UIGraphicsImageRendererFormat: NSObject {
  public var scale: CGFloat = Runtime.screenScale
  /// Accepted; images always have an alpha channel here.
  public var opaque = false

  public override init() { super.init() }
  public class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
  public class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What the drawing closure gets: the context, and shortcuts into it.
open class UIGraphicsImageRendererContext: NSObject {
  public let cgContext: CGContext
  public let format: UIGraphicsImageRendererFormat

  init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
    self.cgContext = cgContext
    self.format = format
    super.init()
  }

  public var currentImage: UIImage { UIImage(pixmap: cgContext.pixmap, scale: format.scale) }
  public func fill(_ rect: CGRect) { cgContext.fill(rect) }
  public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
}

/// Makes images by drawing: `renderer.image { ctx in layer.render(in: ctx.cgContext) }`.
open class UIGraphicsImageRenderer: NSObject {
  public let format: UIGraphicsImageRendererFormat
  let bounds: CGRect

  public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
    self.bounds = bounds
    self.format = format
    super.init()
  }

  public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
    self.init(bounds: CGRect(origin: .zero, size: size), format: format)
  }

  public convenience init(size: CGSize) {
    self.init(size: size, format: UIGraphicsImageRendererFormat())
  }

  public convenience init(bounds: CGRect) {
    self.init(bounds: bounds, format: UIGraphicsImageRendererFormat())
  }

  /// The image `actions` draw, on a transparent canvas of the bounds' size. A size that
  /// gives no pixels (or more than the engine's cap) gives a 1 x 1 transparent image.
  public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
    let scale = Double(format.scale) > 0 ? Double(format.scale) : 1
    let w = Int((Double(bounds.width) * scale - 1e-9).rounded(.up))
    let h = Int((Double(bounds.height) * scale - 1e-9).rounded(.up))
    let pixmap =
      (w > 0 && h > 0 && w <= Pixmap.maximumPixelCount / max(1, h)
        ? try? Pixmap(width: w, height: h) : nil) ?? (try! Pixmap(width: 1, height: 1))
    let context = CGContext(pixmap: pixmap, scale: scale)
    context.translateBy(x: -bounds.origin.x, y: -bounds.origin.y)
    let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
    GraphicsContextStack.stack.append(context)
    actions(rendererContext)
    GraphicsContextStack.stack.removeLast()
    return UIImage(pixmap: context.pixmap, scale: CGFloat(scale))
  }

  public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
    image(actions: actions).pngData() ?? Data()
  }
}
