import RainbowRing
import RingCodecs
import RingGraphics
import RingLayers

/// A drawing context (Core Graphics'): what `UIGraphicsImageRenderer` draws into, what
/// `CALayer.render(in:)` draws on, and what a view's `draw(_:)` draws with. Coordinates in
/// points, y down, through the current transform; an image's context has `scale` pixels per
/// point. A view's drawing is recorded as shapes the engine draws beneath its subviews.
open class CGContext {
  /// The pixels drawn into; unused while recording.
  var pixmap: Pixmap
  private(set) var scale: Double
  /// Shapes drawn so far, when the context records a view's `draw(_:)`.
  private(set) var recorded: [Layer]?
  /// Whether a recording context became a bitmap (a blend mode other than normal was used,
  /// which needs the pixels drawn so far): its pixmap covers `extent` at the screen's scale.
  private var flattened = false

  /// One narrowing of what is drawn, in the context's points.
  enum Clip {
    /// The inside of a path.
    case path(BezierPath, FillRule)
    /// Where a layer shows (an image mask), within `bounds`.
    case mask(Layer, bounds: Rect)

    /// What it covers at most.
    var bounds: Rect {
      switch self {
      case .path(let path, _): CGPath(path).boundingBox.rect
      case .mask(_, let bounds): bounds
      }
    }

    /// A layer whose alpha is the clip's.
    var maskLayer: Layer {
      switch self {
      case .path(let path, let rule):
        let mask = ShapeLayer()
        mask.anchorPoint = .zero
        mask.path = path
        mask.fillRule = rule
        return mask
      case .mask(let layer, _): return layer
      }
    }
  }

  struct State {
    var transform = Transform2D.identity
    var fill = CGColor(gray: 0, alpha: 1)
    var stroke = CGColor(gray: 0, alpha: 1)
    var lineWidth: CGFloat = 1
    var lineCap = LineCap.butt
    var lineJoin = LineJoin.miter
    var miterLimit: Double = 10
    /// Dash lengths and phase, in user space.
    var dash: (phase: Double, lengths: [Double]) = (0, [])
    /// What drawing is clipped to, in the context's own points: each clip narrows it.
    var clips: [Clip] = []
    /// Multiplies everything drawn, in [0, 1].
    var alpha: Double = 1
    /// The shadow cast by what is drawn: offset in points, blur, colour (nil: none).
    var shadow: (offset: Size, blur: Double, color: RGBAColor)?
    /// How what is drawn combines with what the context holds.
    var blendMode = BlendMode.normal
  }
  var state = State()
  private var saved: [State] = []
  /// The path being built (`move(to:)`, `addLine(to:)`, ...), in user space.
  var path = BezierPath()
  /// The area an unbounded fill (a gradient) covers, in the context's points.
  var extent: Rect
  /// From the context's points to the pixmap's (y down): a bitmap context's y runs up.
  var base = Transform2D.identity

  init(pixmap: Pixmap, scale: Double) {
    self.pixmap = pixmap
    self.scale = scale
    extent = Rect(
      x: 0, y: 0, width: Double(pixmap.width) / scale, height: Double(pixmap.height) / scale)
  }

  /// A context that records what is drawn as shapes, over `extent` points.
  init(recording extent: Rect) {
    // Valid by construction: a 1 x 1 pixmap.
    pixmap = try! Pixmap(width: 1, height: 1)
    scale = 1
    recorded = []
    self.extent = extent
  }

  var fillColor: CGColor {
    get { state.fill }
    set { state.fill = newValue }
  }
  var strokeColor: CGColor {
    get { state.stroke }
    set { state.stroke = newValue }
  }

  // MARK: State

  open func saveGState() { saved.append(state) }
  open func restoreGState() { if let s = saved.popLast() { state = s } }
  open func translateBy(x: CGFloat, y: CGFloat) {
    state.transform = Transform2D(translationX: Double(x), y: Double(y))
      .concatenating(state.transform)
  }
  open func scaleBy(x: CGFloat, y: CGFloat) {
    state.transform = Transform2D(scaleX: Double(x), y: Double(y)).concatenating(state.transform)
  }
  open func rotate(by angle: CGFloat) {
    state.transform = Transform2D(rotationAngle: Double(angle)).concatenating(state.transform)
  }
  open func concatenate(_ transform: CGAffineTransform) {
    state.transform = transform.transform2D.concatenating(state.transform)
  }
  open var ctm: CGAffineTransform { CGAffineTransform(state.transform) }
  open func setFillColor(_ color: CGColor) { state.fill = color }
  open func setStrokeColor(_ color: CGColor) { state.stroke = color }
  open func setLineWidth(_ width: CGFloat) { state.lineWidth = width }
  open func setLineCap(_ cap: CGLineCap) { state.lineCap = LineCap(rawValue: "\(cap)") ?? .butt }
  open func setLineJoin(_ join: CGLineJoin) {
    state.lineJoin = LineJoin(rawValue: "\(join)") ?? .miter
  }

  // MARK: The current path

  open func beginPath() { path = BezierPath() }
  open func move(to point: CGPoint) { path.move(to: point.point) }
  open func addLine(to point: CGPoint) { path.addLine(to: point.point) }
  open func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
    path.addCurve(to: end.point, controlPoint1: control1.point, controlPoint2: control2.point)
  }
  open func addQuadCurve(to end: CGPoint, control: CGPoint) {
    path.addQuadCurve(to: end.point, controlPoint: control.point)
  }
  /// `clockwise` is Core Graphics': the other way round on screen from UIKit's.
  open func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    path.addArc(
      center: center.point, radius: Double(radius), startAngle: Double(startAngle),
      endAngle: Double(endAngle), clockwise: !clockwise)
  }
  /// A circular arc tangent to the lines from the current point to `tangent1End` and on to
  /// `tangent2End`, after a line from the current point.
  open func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
    path.addArc(
      tangent1End: tangent1End.point, tangent2End: tangent2End.point, radius: Double(radius))
  }
  open func addRect(_ rect: CGRect) { path.append(BezierPath(rect: rect.rect)) }
  open func addEllipse(in rect: CGRect) { path.append(BezierPath(ovalIn: rect.rect)) }
  open func addPath(_ path: CGPath) { self.path.append(path.bezier) }
  open func closePath() { path.close() }

  open func fillPath() {
    paint(path, fill: true, evenOdd: false)
    path = BezierPath()
  }
  open func strokePath() {
    paint(path, fill: false)
    path = BezierPath()
  }

  // MARK: Shapes

  open func fill(_ rect: CGRect) { paint(BezierPath(rect: rect.rect), fill: true) }
  open func stroke(_ rect: CGRect) { paint(BezierPath(rect: rect.rect), fill: false) }
  open func fillEllipse(in rect: CGRect) { paint(BezierPath(ovalIn: rect.rect), fill: true) }
  open func strokeEllipse(in rect: CGRect) {
    paint(BezierPath(ovalIn: rect.rect), fill: false)
  }

  func draw(_ path: UIBezierPath, fill isFill: Bool) {
    saveGState()
    state.lineWidth = path.lineWidth
    state.lineCap = LineCap(rawValue: "\(path.lineCapStyle)") ?? .butt
    state.lineJoin = LineJoin(rawValue: "\(path.lineJoinStyle)") ?? .miter
    paint(
      path.bezier, fill: isFill, evenOdd: path.usesEvenOddFillRule,
      miterLimit: Double(path.miterLimit))
    restoreGState()
  }

  /// Fills or strokes `path` (user space) with the current state: the path through the
  /// transform, the line width scaled by the transform's mean scale.
  func paint(
    _ path: BezierPath, fill isFill: Bool, evenOdd: Bool = false, miterLimit: Double = 10
  ) {
    guard !path.elements.isEmpty else { return }
    let t = state.transform
    let devicePath = t == .identity ? path : path.applying(t)
    /// The shape painted in `color`.
    func shape(_ color: RGBAColor) -> ShapeLayer {
      let layer = ShapeLayer()
      layer.anchorPoint = .zero
      layer.path = devicePath
      layer.fillRule = evenOdd ? .evenOdd : .nonZero
      if isFill {
        layer.fillColor = color
      } else {
        layer.fillColor = nil
        layer.strokeColor = color
        layer.lineWidth = Double(state.lineWidth) * abs(t.a * t.d - t.b * t.c).squareRoot()
        layer.lineCap = state.lineCap
        layer.lineJoin = state.lineJoin
        layer.miterLimit = miterLimit
        if !state.dash.lengths.isEmpty {
          let s = abs(t.a * t.d - t.b * t.c).squareRoot()
          layer.properties.lineDashPattern = state.dash.lengths.map { $0 * s }
          layer.properties.lineDashPhase = state.dash.phase * s
        }
      }
      return layer
    }
    // A blend mode mixes by the geometry alone, whatever the colour (a clear one too).
    emit(
      shape(isFill ? state.fill.rgba : state.stroke.rgba),
      shape: state.blendMode == .normal ? nil : shape(.white))
  }

  /// Draws `layer`, already in the context's points, or records it: inside the clips, at
  /// the context's alpha, casting its shadow, by the blend mode.
  func emit(_ content: Layer, shape known: Layer? = nil) {
    let layer = wrapped(content, painted: true)
    if state.blendMode != .normal {
      if recorded != nil { flattenRecording() }
      willDraw()
      let t = toPixels
      // Valid by construction: the pixmap's own size.
      var source = try! Pixmap(width: pixmap.width, height: pixmap.height)
      var shape = try! Pixmap(width: pixmap.width, height: pixmap.height)
      LayerRenderer().render(layer.presentation(at: .zero), transform: t, into: &source)
      let outline = wrapped(known ?? Self.shapeOnly(content), painted: false)
      LayerRenderer().render(outline.presentation(at: .zero), transform: t, into: &shape)
      pixmap.composite(source, shape: shape, mode: state.blendMode, swapsRedAndBlue: false)
      didDraw()
    } else if recorded != nil {
      recorded!.append(layer)
    } else {
      willDraw()
      LayerRenderer().render(layer.presentation(at: .zero), transform: toPixels, into: &pixmap)
      didDraw()
    }
  }

  /// From the context's points to the pixmap's pixels.
  private var toPixels: Transform2D { base.concatenating(Transform2D(scaleX: scale, y: scale)) }

  /// `content` inside the clips and, when `painted`, at the context's alpha with its
  /// shadow (the shape that a blend mode mixes by has neither).
  private func wrapped(_ content: Layer, painted: Bool) -> Layer {
    var layer = content
    for clip in state.clips.reversed() {
      let wrapper = Layer()
      wrapper.anchorPoint = .zero
      wrapper.mask = clip.maskLayer
      wrapper.addSublayer(layer)
      layer = wrapper
    }
    if painted && (state.alpha < 1 || state.shadow != nil) {
      let wrapper = Layer()
      wrapper.anchorPoint = .zero
      wrapper.opacity = state.alpha
      if let shadow = state.shadow {
        wrapper.properties.shadowOpacity = 1
        wrapper.properties.shadowColor = shadow.color
        wrapper.properties.shadowOffset = shadow.offset
        // Core Graphics' blur is about twice the Gaussian's standard deviation.
        wrapper.properties.shadowRadius = shadow.blur / 2
      }
      wrapper.addSublayer(layer)
      layer = wrapper
    }
    return layer
  }

  /// A copy of `layer`'s tree that draws, in opaque white, where it draws anything: the
  /// shape (geometric coverage) of what it paints. Masks stay as they are.
  static func shapeOnly(_ layer: Layer) -> Layer {
    let copy = LayerCopy.model(of: layer)
    func whiten(_ l: Layer) {
      var p = l.properties.paint
      func opaque(_ c: RGBAColor) -> RGBAColor { c.alpha > 0 ? .white : .clear }
      p.fillColor = opaque(p.fillColor)
      p.strokeColor = opaque(p.strokeColor)
      p.borderColor = opaque(p.borderColor)
      p.backgroundColor = opaque(p.backgroundColor)
      p.colors = p.colors.map { _ in .white }
      p.opacity = 1
      p.shadowOpacity = 0
      if l.properties.contents != nil {
        l.properties.contents = nil
        p.backgroundColor = .white
      }
      l.properties.paint = p
      for s in l.sublayers { whiten(s) }
    }
    whiten(copy)
    return copy
  }

  /// Turns a recording context into a bitmap of `extent` at the screen's scale, holding
  /// what was recorded (as iOS draws a view into its backing store).
  private func flattenRecording() {
    let s = Double(Runtime.screenScale) > 0 ? Double(Runtime.screenScale) : 2
    let w = Int((extent.width * s).rounded(.up))
    let h = Int((extent.height * s).rounded(.up))
    guard let bitmap = try? Pixmap(width: max(1, w), height: max(1, h)) else { return }
    let shapes = recorded ?? []
    pixmap = bitmap
    scale = s
    base = Transform2D(translationX: -extent.minX, y: -extent.minY)
    recorded = nil
    flattened = true
    for layer in shapes {
      LayerRenderer().render(layer.presentation(at: .zero), transform: toPixels, into: &pixmap)
    }
  }

  /// What a view's drawing recorded, as layers in its points: the shapes, or the one image
  /// of `extent` that a blend mode turned them into.
  var drawnLayers: [Layer] {
    guard flattened else { return recorded ?? [] }
    let image = Layer()
    image.anchorPoint = .zero
    image.bounds = Rect(origin: .zero, size: extent.size)
    image.position = extent.origin
    image.properties.contents = LayerContents(image: pixmap)
    return [image]
  }

  /// A bitmap context's memory: the program's, or its own once `data` was asked for.
  struct Bitmap {
    let data: UnsafeMutableRawPointer
    /// Row length, in bytes.
    let bytesPerRow: Int
    /// Whether the context allocated it (and frees it).
    let owned: Bool
  }
  /// The memory holding a bitmap context's pixels, when there is any: read in before each
  /// drawing call and at `makeImage()`, written back after.
  var target: Bitmap?
  /// How a bitmap context's pixels are laid out (the engine's RGBA for other contexts).
  var layout = BitmapLayout.rgba
  /// A bitmap context's row length in bytes; 0 for other contexts.
  var rowBytes = 0

  deinit {
    if let target, target.owned { target.data.deallocate() }
  }

  /// Called before drawing into the pixmap: a bitmap context with memory reads its pixels
  /// from there, where the program may have written.
  func willDraw() { readBitmap() }

  /// Called after drawing into the pixmap: a bitmap context with memory writes the pixels
  /// there in its layout; one without keeps only what its layout holds.
  func didDraw() {
    if target != nil {
      writeBitmap()
    } else if layout != .rgba {
      normalise()
    }
  }

  /// The pixels as the layout holds them (grey, over black, or alpha only).
  func normalise() {
    guard layout != .rgba else { return }
    let layout = layout
    pixmap.withUnsafeMutablePixels { px in
      for i in px.indices { px[i] = layout.canonical(px[i]) }
    }
  }

  /// Reads the bitmap's memory, when it has any, into the pixmap.
  func readBitmap() {
    guard let target else { return }
    let (w, h, layout) = (pixmap.width, pixmap.height, layout)
    pixmap.withUnsafeMutablePixels { px in
      for y in 0..<h {
        layout.read(
          target.data + y * target.bytesPerRow,
          into: UnsafeMutableBufferPointer(rebasing: px[(y * w)..<((y + 1) * w)]), width: w)
      }
    }
  }

  /// Writes the pixmap into the bitmap's memory, when it has any, in its layout.
  func writeBitmap() {
    guard let target else { return }
    let (w, layout) = (pixmap.width, layout)
    pixmap.pixels.withUnsafeBufferPointer { px in
      for y in 0..<pixmap.height {
        layout.write(
          UnsafeBufferPointer(rebasing: px[(y * w)..<((y + 1) * w)]),
          to: target.data + y * target.bytesPerRow, width: w)
      }
    }
  }

  /// The current path through the current transform, in the context's points.
  var devicePath: BezierPath {
    state.transform == .identity ? path : path.applying(state.transform)
  }

  /// Draws `root` (its model: it carries no animations) over what the context holds, its
  /// superlayer's origin moved by `offset` points, through the current transform.
  func draw(_ root: Layer, offset: Point) {
    let t = Transform2D(translationX: offset.x, y: offset.y).concatenating(state.transform)
    if recorded != nil {
      let wrapper = Layer()
      wrapper.anchorPoint = .zero
      wrapper.properties.transform = Transform3D(t)
      wrapper.addSublayer(root)
      emit(wrapper)
    } else {
      // Through a bitmap context's base too: its y runs up, so a layer shows upside down
      // there unless the caller flips it, as on iOS.
      willDraw()
      LayerRenderer().render(
        root.presentation(at: .zero),
        transform: t.concatenating(base).concatenating(Transform2D(scaleX: scale, y: scale)),
        into: &pixmap)
      didDraw()
    }
  }
}

/// The contexts being drawn into, innermost last (`UIGraphicsGetCurrentContext()`).
enum GraphicsContextStack {
  nonisolated(unsafe) static var stack: [CGContext] = []
  static var current: CGContext? { stack.last }
}

public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.current }

/// Makes `context` the current one for UIKit's drawing calls, until the matching pop.
public func UIGraphicsPushContext(_ context: CGContext) {
  GraphicsContextStack.stack.append(context)
}

public func UIGraphicsPopContext() { _ = GraphicsContextStack.stack.popLast() }

/// Fills `rect` with the current context's fill colour, replacing what is there
/// (`.copy`, as UIKit documents it: a clear colour erases).
public func UIRectFill(_ rect: CGRect) { UIRectFillUsingBlendMode(rect, .copy) }

/// Fills `rect` with the current fill colour by `blendMode` (`.clear` erases it).
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
  guard let context = UIGraphicsGetCurrentContext() else { return }
  context.drawing(by: blendMode) { context.fill(rect) }
}

/// Draws a one-point frame just inside `rect` in the current fill colour (`.copy`).
public func UIRectFrame(_ rect: CGRect) { UIRectFrameUsingBlendMode(rect, .copy) }

/// Draws a one-point frame just inside `rect` in the current fill colour by `blendMode`.
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
  guard let context = UIGraphicsGetCurrentContext() else { return }
  let r = rect.standardized
  guard r.width > 0, r.height > 0 else { return }
  let frame = UIBezierPath(rect: r)
  frame.append(UIBezierPath(rect: r.insetBy(dx: min(1, r.width / 2), dy: min(1, r.height / 2))))
  frame.usesEvenOddFillRule = true
  context.drawing(by: blendMode) { frame.fill() }
}

/// Narrows the current context's drawing to `rect`.
public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }

/// A transparent pixmap for an image of `size` points at `scale` pixels per point, its
/// pixels counted as a frame's are; 1 x 1 when that gives no pixels, is not finite or
/// exceeds the engine's cap.
func imagePixmap(_ size: CGSize, scale: Double) -> Pixmap {
  let (w, h) = (Double(size.width) * scale, Double(size.height) * scale)
  if w > 0, h > 0, w * h <= Double(Pixmap.maximumPixelCount) {
    let pixels = RingScene.pixelSize(of: size.size, scale: scale)
    if let pixmap = try? Pixmap(width: pixels.width, height: pixels.height) { return pixmap }
  }
  // Valid by construction: a 1 x 1 pixmap.
  return try! Pixmap(width: 1, height: 1)
}

/// Starts drawing into a new image of `size` points at `scale` pixels per point (0: the main
/// screen's), transparent unless `opaque` (then white beneath): the older way to draw
/// images, before `UIGraphicsImageRenderer`.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat)
{
  let s = scale > 0 ? Double(scale) : Double(Runtime.screenScale)
  var pixmap = imagePixmap(size, scale: s)
  if opaque { pixmap.fill(.white) }
  GraphicsContextStack.stack.append(CGContext(pixmap: pixmap, scale: s))
}

public func UIGraphicsBeginImageContext(_ size: CGSize) {
  UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// The image drawn so far in the current image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
  guard let context = GraphicsContextStack.current, context.recorded == nil else { return nil }
  return UIImage(pixmap: context.pixmap, scale: CGFloat(context.scale))
}

public func UIGraphicsEndImageContext() {
  if GraphicsContextStack.current?.recorded == nil { _ = GraphicsContextStack.stack.popLast() }
}

/// An image: pixels at a scale (UIKit's). Sizes in points.
open class UIImage: NSObject {
  let pixmap: Pixmap
  public let scale: CGFloat
  /// How an image view draws it (see `withRenderingMode(_:)`).
  public internal(set) var renderingMode = RenderingMode.automatic
  /// The edges, in points, that an image view keeps at their size when it stretches the
  /// image (see `resizableImage(withCapInsets:)`); zero stretches it all.
  public internal(set) var capInsets = UIEdgeInsets.zero
  /// How the part between the cap insets fills the space (tiled is drawn stretched here).
  public internal(set) var resizingMode = ResizingMode.tile
  /// The Core Graphics image of the same pixels.
  public private(set) lazy var cgImage: CGImage? = CGImage(pixmap: pixmap)

  init(pixmap: Pixmap, scale: CGFloat) {
    self.pixmap = pixmap
    self.scale = scale
    super.init()
  }

  /// An empty image: no size, no pixels, no `cgImage` (code sets one to hide a slider's
  /// thumb or a bar's shadow).
  public override convenience init() {
    self.init(pixmap: UIImage.onePixel, scale: 1)
    isEmpty = true
    cgImage = nil
  }

  private static let onePixel = try! Pixmap(width: 1, height: 1)
  private var isEmpty = false

  /// An image literal's image (`#imageLiteral(resourceName:)`): `UIImage(named:)`'s, or
  /// an empty image, with a note, when there is no such file (iOS stops the program).
  public required convenience init(imageLiteralResourceName name: String) {
    let found = UIImage(named: name)
    self.init(pixmap: found?.pixmap ?? UIImage.onePixel, scale: found?.scale ?? 1)
    if found == nil {
      Notice.once("literal \(name)", "#imageLiteral: no image named '\(name)': an empty image")
      isEmpty = true
      cgImage = nil
    }
  }

  public convenience init(cgImage: CGImage) {
    self.init(pixmap: cgImage.pixmap, scale: 1)
    self.cgImage = cgImage
  }

  public convenience init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {
    self.init(pixmap: cgImage.pixmap, scale: scale > 0 ? scale : 1)
    self.cgImage = cgImage
    if orientation != .up {
      Notice.once("orientation", "UIImage orientations other than .up are drawn as .up here")
    }
  }

  public enum Orientation: Int, Sendable {
    case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
  }
  open var imageOrientation: Orientation { .up }

  /// Draws the image upright in `rect` (points) of the current context.
  open func draw(in rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext(), let image = cgImage else { return }
    context.drawImage(image, in: rect, upright: true)
  }

  /// Draws the image upright at its size with its top-left corner at `point`.
  open func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

  /// Draws the image upright in `rect` by `blendMode` at `alpha`.
  open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
    UIGraphicsGetCurrentContext()?.drawing(by: blendMode, alpha: alpha) { draw(in: rect) }
  }

  /// Draws the image upright at its size at `point` by `blendMode` at `alpha`.
  open func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
    draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
  }

  open var size: CGSize {
    if isEmpty { return .zero }
    return CGSize(width: CGFloat(pixmap.width) / scale, height: CGFloat(pixmap.height) / scale)
  }

  /// An animated image's frames (`nil` for a still image): an image view shows them in
  /// turn, each for an equal share of `duration`.
  open internal(set) var images: [UIImage]?
  /// An animated image's one pass through its frames, in seconds (0 for a still image).
  open internal(set) var duration: TimeInterval = 0

  /// An image of `images` in turn over `duration` seconds, drawn as the first when still;
  /// `nil` without images.
  open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
    guard let first = images.first else { return nil }
    let image = UIImage(pixmap: first.pixmap, scale: first.scale)
    image.images = images
    image.duration = duration
    return image
  }

  /// The files `name0`, `name1`, ... (as `UIImage(named:)` finds them, up to `name1024`) as
  /// an animated image; `nil` when there is none.
  open class func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
    var frames: [UIImage] = []
    for i in 0...1024 {
      guard let frame = UIImage(named: "\(name)\(i)") else {
        if i == 0 { continue }
        break
      }
      frames.append(frame)
    }
    return animatedImage(with: frames, duration: duration)
  }

  /// The image as a PNG file's bytes (8-bit RGBA, straight alpha).
  open func pngData() -> Data? {
    (try? PNGEncoder.encode(pixmap)).map { Data($0) }
  }
}

/// How an image renderer's images are made: `scale` pixels per point (the main screen's
/// unless set).
open class UIGraphicsImageRendererFormat: NSObject {
  open var scale: CGFloat = Runtime.screenScale
  /// Accepted; images always have an alpha channel here.
  open var opaque = false

  public override init() { super.init() }
  open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
  open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
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

  open var currentImage: UIImage { UIImage(pixmap: cgContext.pixmap, scale: format.scale) }
  open func fill(_ rect: CGRect) { cgContext.fill(rect) }
  open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
  /// Fills `rect` with the fill colour by `blendMode`.
  open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
    cgContext.drawing(by: blendMode) { cgContext.fill(rect) }
  }
  /// Strokes `rect` with the stroke colour by `blendMode`.
  open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
    cgContext.drawing(by: blendMode) { cgContext.stroke(rect) }
  }
  /// Narrows drawing to `rect`.
  open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
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
  open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
    let scale = Double(format.scale) > 0 ? Double(format.scale) : 1
    let context = CGContext(pixmap: imagePixmap(bounds.size, scale: scale), scale: scale)
    context.translateBy(x: -bounds.origin.x, y: -bounds.origin.y)
    let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
    GraphicsContextStack.stack.append(context)
    actions(rendererContext)
    GraphicsContextStack.stack.removeLast()
    return UIImage(pixmap: context.pixmap, scale: CGFloat(scale))
  }

  open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
    image(actions: actions).pngData() ?? Data()
  }
}
