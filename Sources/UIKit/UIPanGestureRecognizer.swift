import Foundation

/// A drag: `.began` once the press has moved `hysteresis` points, `.changed` as it moves,
/// `.ended` at the release. Its translation counts from where the press began, in any
/// view's coordinates; its velocity is the last tenth of a second's movement, in points a
/// second.
open class UIPanGestureRecognizer: UIGestureRecognizer {
  open var minimumNumberOfTouches = 1
  open var maximumNumberOfTouches = Int.max
  /// How far a press moves, in points, before it is a drag.
  static let hysteresis: CGFloat = 10

  /// Where translation counts from, in the window's coordinates (the press's start, moved
  /// by `setTranslation`).
  private var reference = CGPoint.zero
  /// A translation set while no touch is down.
  private var storedTranslation = CGPoint.zero
  /// Recent (media time, window location) samples, for the velocity.
  private var samples: [(time: TimeInterval, point: CGPoint)] = []

  /// The window's coordinates of the press's start, for subclasses that check where it began.
  var startLocation: CGPoint { samples.first?.point ?? reference }

  private var touch: UITouch? { touches.last }

  open func translation(in view: UIView?) -> CGPoint {
    guard let touch else { return storedTranslation }
    let now = touch.location(in: view)
    let from = convert(reference, to: view)
    return CGPoint(x: now.x - from.x, y: now.y - from.y)
  }

  open func setTranslation(_ translation: CGPoint, in view: UIView?) {
    guard let touch else {
      storedTranslation = translation
      return
    }
    let now = touch.location(in: view)
    reference = convert(CGPoint(x: now.x - translation.x, y: now.y - translation.y), from: view)
  }

  /// Points a second, in `view`'s coordinates.
  open func velocity(in view: UIView?) -> CGPoint {
    guard let first = samples.first, let last = samples.last, last.time > first.time else {
      return .zero
    }
    let a = convert(first.point, to: view)
    let b = convert(last.point, to: view)
    let dt = CGFloat(last.time - first.time)
    return CGPoint(x: (b.x - a.x) / dt, y: (b.y - a.y) / dt)
  }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first, minimumNumberOfTouches <= 1, maximumNumberOfTouches >= 1
    else {
      state = .failed
      return
    }
    reference = touch.location(in: nil)
    samples = [(touch.timestamp, reference)]
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first else { return }
    let point = touch.location(in: nil)
    sample(touch)
    switch state {
    case .possible:
      let start = startLocation
      if hypot(point.x - start.x, point.y - start.y) >= Self.hysteresis { state = .began }
    case .began, .changed: state = .changed
    default: break
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    // The release counts in the velocity: a finger held still before it lifts has none.
    if let touch = touches.first { sample(touch) }
    finishContinuous(cancelled: false)
  }

  /// Adds where `touch` is now to the samples, keeping a tenth of a second of them (two at
  /// least).
  private func sample(_ touch: UITouch) {
    samples.append((touch.timestamp, touch.location(in: nil)))
    while samples.count > 2, touch.timestamp - samples[1].time >= 0.1 { samples.removeFirst() }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    finishContinuous(cancelled: true)
  }

  open override func reset() {
    super.reset()
    samples = []
    storedTranslation = .zero
  }

  private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    guard let view, let window = view.window else { return point }
    return view.layer.convert(point, from: window.layer)
  }

  private func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
    guard let view, let window = view.window else { return point }
    return view.layer.convert(point, to: window.layer)
  }
}

/// A pan that begins within 20 points of one of `edges` of the window.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
  open var edges: UIRectEdge = []
  /// How near an edge, in points, the press must begin.
  static let edgeWidth: CGFloat = 20

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    super.touchesBegan(touches, with: event)
    guard let touch = touches.first, let window = touch.window else { return }
    let p = touch.location(in: nil)
    let b = window.bounds
    let w = Self.edgeWidth
    let near =
      (edges.contains(.left) && p.x - b.minX <= w) || (edges.contains(.right) && b.maxX - p.x <= w)
      || (edges.contains(.top) && p.y - b.minY <= w)
      || (edges.contains(.bottom) && b.maxY - p.y <= w)
    if !near { state = .failed }
  }
}
