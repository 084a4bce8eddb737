import Foundation
import RingLayers

/// What a scroll view tells as it scrolls (UIKit's; every method optional).
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
  func scrollViewDidScroll(_ scrollView: UIScrollView)
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
  /// `velocity` in points a millisecond; the delegate may change where it comes to rest.
  func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>)
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
  func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
  func viewForZooming(in scrollView: UIScrollView) -> UIView?
  func scrollViewDidZoom(_ scrollView: UIScrollView)
  func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
  func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
  public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  public func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {}
  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  {}
  public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
  public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
  public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
  public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
  public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
  public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
}

/// A view that shows part of a larger content (UIKit's): `contentOffset` is its bounds'
/// origin, so its subviews move up as it scrolls down. A drag (its `panGestureRecognizer`)
/// scrolls it, pulled past an edge with UIKit's rubber band, and on release it decelerates
/// as UIKit does, its speed falling by `decelerationRate` each millisecond, to rest within
/// its content (or on a page, with `isPagingEnabled`). Offsets move on the media clock, so
/// snapshots and exports show them where they would be. It clips to its bounds.
open class UIScrollView: UIView {
  /// How fast a released scroll slows: the share of its speed kept each millisecond.
  public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public static let normal = DecelerationRate(rawValue: 0.998)
    public static let fast = DecelerationRate(rawValue: 0.99)
  }

  /// Whether the safe area adds to `contentInset` (kept: the safe area is empty here).
  public enum ContentInsetAdjustmentBehavior: Int, Sendable {
    case automatic, scrollableAxes, never, always
  }

  /// Whether scrolling dismisses the keyboard (kept: there is no keyboard here).
  public enum KeyboardDismissMode: Int, Sendable {
    case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
  }

  /// The scroll indicators' colours (kept: indicators are not drawn here).
  public enum IndicatorStyle: Int, Sendable {
    case `default`, black, white
  }

  open weak var delegate: UIScrollViewDelegate?
  /// The size of the content, in points.
  open var contentSize: CGSize = .zero
  /// Room around the content, in points.
  open var contentInset: UIEdgeInsets = .zero
  /// `contentInset` (the safe area adds nothing here), and room for the refresh control
  /// above the content while it refreshes.
  open var adjustedContentInset: UIEdgeInsets {
    var inset = contentInset
    if refreshControl?.isRefreshing == true { inset.top += UIRefreshControl.height }
    return inset
  }

  /// Pull to refresh, above the content.
  open var refreshControl: UIRefreshControl? {
    didSet {
      guard oldValue !== refreshControl else { return }
      oldValue?.removeFromSuperview()
      oldValue?.scrollView = nil
      guard let control = refreshControl else { return }
      control.scrollView = self
      control.place(in: self)
      insertSubview(control, at: 0)
    }
  }
  open var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic
  open var isScrollEnabled = true {
    didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
  }
  open var isPagingEnabled = false
  open var bounces = true
  open var alwaysBounceVertical = false
  open var alwaysBounceHorizontal = false
  open var isDirectionalLockEnabled = false
  open var scrollsToTop = true
  open var decelerationRate = DecelerationRate.normal
  open var showsVerticalScrollIndicator = true
  open var showsHorizontalScrollIndicator = true
  open var indicatorStyle = IndicatorStyle.default
  open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
  open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
  open var scrollIndicatorInsets: UIEdgeInsets = .zero
  open var keyboardDismissMode = KeyboardDismissMode.none
  open var delaysContentTouches = true
  open var canCancelContentTouches = true
  open var minimumZoomScale: CGFloat = 1
  open var maximumZoomScale: CGFloat = 1
  open var bouncesZoom = true

  /// The drag that scrolls the view.
  public let panGestureRecognizer = UIPanGestureRecognizer()
  /// Whether a finger is down on the view.
  open var isTracking: Bool { panGestureRecognizer.numberOfTouches > 0 }
  /// Whether the view is being dragged.
  open private(set) var isDragging = false
  /// Whether a released drag is still moving the view.
  open private(set) var isDecelerating = false

  /// A moving offset, with the link that moves it.
  private var motion: ScrollMotion?
  /// The offset and the offsets' limits as the drag began (the band stays where it began
  /// when a refresh control starts refreshing).
  private var dragStart = CGPoint.zero
  private var dragLimits = (min: CGPoint.zero, max: CGPoint.zero)

  public override init(frame: CGRect) {
    super.init(frame: frame)
    setUp()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    setUp()
  }

  private func setUp() {
    clipsToBounds = true
    panGestureRecognizer.addTarget(self, action: UIScrollView.dragged)
    addGestureRecognizer(panGestureRecognizer)
  }

  open override var bounds: CGRect {
    didSet {
      if bounds.size != oldValue.size { refreshControl?.place(in: self) }
      if bounds.origin != oldValue.origin { delegate?.scrollViewDidScroll(self) }
    }
  }

  /// The point of the content at the view's top left: its bounds' origin.
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set { bounds.origin = newValue }
  }

  /// Moves the content to `offset`, at once or, `animated`, over 0.3 s eased in and out on
  /// the media clock, telling the delegate each frame and, at the end,
  /// `scrollViewDidEndScrollingAnimation`.
  open func setContentOffset(_ offset: CGPoint, animated: Bool) {
    stopMotion()
    guard animated, offset != contentOffset else {
      contentOffset = offset
      return
    }
    let curve = TimingFunction.easeInEaseOut
    startMotion(
      to: offset, duration: 0.3, progress: { curve.progress(at: $0) },
      completion: { view in view.delegate?.scrollViewDidEndScrollingAnimation(view) })
  }

  /// Scrolls the least that shows `rect` (in the content's coordinates) whole, or as much
  /// of it as fits.
  open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
    var offset = contentOffset
    let size = bounds.size
    if rect.maxX > offset.x + size.width { offset.x = rect.maxX - size.width }
    if rect.minX < offset.x { offset.x = rect.minX }
    if rect.maxY > offset.y + size.height { offset.y = rect.maxY - size.height }
    if rect.minY < offset.y { offset.y = rect.minY }
    setContentOffset(clamped(offset), animated: animated)
  }

  /// The view the delegate zooms, scaled by `zoomScale` (within the minimum and maximum),
  /// the content size following its frame.
  open var zoomScale: CGFloat {
    get { zoomed.map { $0.transform.a } ?? 1 }
    set { setZoomScale(newValue, animated: false) }
  }

  open func setZoomScale(_ scale: CGFloat, animated: Bool) {
    guard let view = zoomed, scale.isFinite, scale > 0 else { return }
    let clampedScale = min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
    let apply = {
      view.transform = CGAffineTransform(scaleX: clampedScale, y: clampedScale)
      view.frame.origin = .zero
    }
    if animated { UIView.animate(withDuration: 0.3, animations: apply) } else { apply() }
    contentSize = view.frame.size
    delegate?.scrollViewDidZoom(self)
  }

  /// Zooms so that `rect` (in the zoomed view's coordinates) fills the view.
  open func zoom(to rect: CGRect, animated: Bool) {
    guard rect.width > 0, rect.height > 0 else { return }
    let scale = min(bounds.width / rect.width, bounds.height / rect.height)
    setZoomScale(scale, animated: animated)
    let s = zoomScale
    setContentOffset(clamped(CGPoint(x: rect.minX * s, y: rect.minY * s)), animated: animated)
  }

  /// Whether the view is zoomed in or out.
  open var isZooming: Bool { false }
  open var isZoomBouncing: Bool { false }

  private var zoomed: UIView? { delegate?.viewForZooming(in: self) }

  // MARK: Limits

  /// The offsets at which the content's edges meet the view's (with the insets).
  var offsetLimits: (min: CGPoint, max: CGPoint) {
    let inset = adjustedContentInset
    let minimum = CGPoint(x: -inset.left, y: -inset.top)
    let maximum = CGPoint(
      x: max(minimum.x, contentSize.width + inset.right - bounds.width),
      y: max(minimum.y, contentSize.height + inset.bottom - bounds.height))
    return (minimum, maximum)
  }

  /// `offset` within the limits.
  func clamped(_ offset: CGPoint) -> CGPoint {
    let (lo, hi) = offsetLimits
    return CGPoint(x: min(max(offset.x, lo.x), hi.x), y: min(max(offset.y, lo.y), hi.y))
  }

  /// Whether a drag moves the view along x and along y: when the content is wider (taller)
  /// than the view, or it always bounces that way (vertically, with a refresh control).
  private var scrollsAlong: (x: Bool, y: Bool) {
    let (lo, hi) = offsetLimits
    return (
      hi.x > lo.x || alwaysBounceHorizontal,
      hi.y > lo.y || alwaysBounceVertical || refreshControl != nil
    )
  }

  // MARK: Dragging

  private func dragged() {
    let pan = panGestureRecognizer
    switch pan.state {
    case .began:
      stopMotion()
      isDragging = true
      dragStart = contentOffset
      dragLimits = offsetLimits
      delegate?.scrollViewWillBeginDragging(self)
      follow(pan.translation(in: self))
    case .changed:
      follow(pan.translation(in: self))
    case .ended, .cancelled:
      isDragging = false
      release(velocity: pan.state == .ended ? pan.velocity(in: self) : .zero)
    default: break
    }
  }

  /// Moves the content with the finger: past an edge, with UIKit's rubber band (`bounces`),
  /// or not at all.
  private func follow(_ translation: CGPoint) {
    let (lo, hi) = dragLimits
    let along = scrollsAlong
    func band(_ wanted: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ size: CGFloat) -> CGFloat {
      guard bounces, size > 0 else { return min(max(wanted, lo), hi) }
      // (1 - 1 / (x·c/d + 1))·d: the further past, the less the content follows.
      func rubber(_ x: CGFloat) -> CGFloat { (1 - 1 / (x * 0.55 / size + 1)) * size }
      if wanted < lo { return lo - rubber(lo - wanted) }
      if wanted > hi { return hi + rubber(wanted - hi) }
      return wanted
    }
    var offset = contentOffset
    if along.x { offset.x = band(dragStart.x - translation.x, lo.x, hi.x, bounds.width) }
    if along.y { offset.y = band(dragStart.y - translation.y, lo.y, hi.y, bounds.height) }
    contentOffset = offset
    if let control = refreshControl, along.y { control.pulled(lo.y - offset.y) }
  }

  /// Ends a drag released at `velocity` (points a second, the finger's): the content goes
  /// on the other way and slows by `decelerationRate` each millisecond, as UIKit's does,
  /// to where the delegate says, within the limits (or to the nearest page).
  private func release(velocity: CGPoint) {
    let along = scrollsAlong
    // The content's velocity in points a millisecond.
    let v = CGPoint(x: along.x ? -velocity.x / 1000 : 0, y: along.y ? -velocity.y / 1000 : 0)
    let rate = Double(isPagingEnabled ? DecelerationRate.fast.rawValue : decelerationRate.rawValue)
    let reach = CGFloat(rate / (1 - rate))
    var target = CGPoint(x: contentOffset.x + v.x * reach, y: contentOffset.y + v.y * reach)
    if isPagingEnabled, bounds.width > 0, bounds.height > 0 {
      func page(_ at: CGFloat, _ from: CGFloat, _ size: CGFloat, _ speed: CGFloat) -> CGFloat {
        // The page the content was on, or the next one the fling points to.
        let current = (from / size).rounded()
        let step: CGFloat = speed > 0.05 ? 1 : speed < -0.05 ? -1 : 0
        return (step == 0 ? (at / size).rounded() : current + step) * size
      }
      target = CGPoint(
        x: page(target.x, dragStart.x, bounds.width, v.x),
        y: page(target.y, dragStart.y, bounds.height, v.y))
    }
    target = clamped(target)
    withUnsafeMutablePointer(to: &target) {
      delegate?.scrollViewWillEndDragging(self, withVelocity: v, targetContentOffset: $0)
    }
    let distance = hypot(target.x - contentOffset.x, target.y - contentOffset.y)
    let decelerates = distance >= 0.5
    delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
    guard decelerates else {
      contentOffset = target
      return
    }
    isDecelerating = true
    delegate?.scrollViewWillBeginDecelerating(self)
    // Speed falling by `rate` a millisecond: the share of the way gone after t ms is
    // 1 - rate^t, within half a point of the end after ln(0.5 / distance) / ln(rate) ms.
    // Let go past an edge, the content springs back at the fast rate (in about 0.4 s).
    let outside = contentOffset != clamped(contentOffset)
    let slowing = outside ? Double(DecelerationRate.fast.rawValue) : rate
    let milliseconds = log(0.5 / Double(distance)) / log(slowing)
    let left = pow(slowing, milliseconds)
    startMotion(
      to: target, duration: milliseconds / 1000,
      progress: { (1 - pow(slowing, $0 * milliseconds)) / (1 - left) },
      completion: { view in
        view.isDecelerating = false
        view.delegate?.scrollViewDidEndDecelerating(view)
      })
  }

  // MARK: Motion

  private func startMotion(
    to target: CGPoint, duration: Double, progress: @escaping (Double) -> Double,
    completion: @escaping (UIScrollView) -> Void
  ) {
    let motion = ScrollMotion(
      view: self, from: contentOffset, to: target, start: CACurrentMediaTime(),
      duration: max(duration, 1e-3), progress: progress, completion: completion)
    self.motion = motion
    motion.link = CADisplayLink(target: motion, selector: ScrollMotion.step)
    motion.link?.add(to: .main, forMode: .common)
  }

  private func stopMotion() {
    guard let motion else { return }
    motion.link?.invalidate()
    self.motion = nil
    if isDecelerating {
      isDecelerating = false
      delegate?.scrollViewDidEndDecelerating(self)
    }
  }

  fileprivate func finish(_ finished: ScrollMotion) {
    guard motion === finished else { return }
    finished.link?.invalidate()
    motion = nil
    finished.completion(self)
  }
}

/// An offset moving from `from` to `to` over `duration` seconds of the media clock by
/// `progress` (0 to 1 of the time to 0 to 1 of the way), a step each display refresh.
@MainActor private final class ScrollMotion {
  weak var view: UIScrollView?
  let from: CGPoint
  let to: CGPoint
  let start: Double
  let duration: Double
  let progress: (Double) -> Double
  let completion: (UIScrollView) -> Void
  var link: CADisplayLink?

  init(
    view: UIScrollView, from: CGPoint, to: CGPoint, start: Double, duration: Double,
    progress: @escaping (Double) -> Double, completion: @escaping (UIScrollView) -> Void
  ) {
    (self.view, self.from, self.to, self.start) = (view, from, to, start)
    (self.duration, self.progress, self.completion) = (duration, progress, completion)
  }

  func step(_ link: CADisplayLink) {
    guard let view else {
      link.invalidate()
      return
    }
    let t = min(1, max(0, (link.targetTimestamp - start) / duration))
    let f = CGFloat(t >= 1 ? 1 : progress(t))
    view.contentOffset = CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
    if t >= 1 { view.finish(self) }
  }
}
