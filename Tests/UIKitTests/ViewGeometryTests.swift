import Foundation
import Testing

@testable import UIKit

/// The small view APIs real code reaches for, as Apple documents them.
@MainActor @Suite struct ViewGeometryTests {
  /// `inset(by:)` takes each inset from its own edge; negative insets grow the rectangle,
  /// and insets wider than it leave a negative width (no standardising).
  @Test(arguments: [
    (
      CGRect(x: 10, y: 20, width: 100, height: 50),
      UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4),
      CGRect(x: 12, y: 21, width: 94, height: 46)
    ),
    (
      CGRect(x: 0, y: 0, width: 10, height: 10),
      UIEdgeInsets(top: -5, left: -5, bottom: -5, right: -5),
      CGRect(x: -5, y: -5, width: 20, height: 20)
    ),
    (
      CGRect(x: 0, y: 0, width: 10, height: 10), UIEdgeInsets(top: 0, left: 8, bottom: 0, right: 8),
      CGRect(x: 8, y: 0, width: -6, height: 10)
    ),
    (
      CGRect(x: 3, y: 4, width: 5, height: 6), UIEdgeInsets.zero,
      CGRect(x: 3, y: 4, width: 5, height: 6)
    ),
  ])
  func insetTakesEachEdge(rect: CGRect, insets: UIEdgeInsets, expected: CGRect) {
    let r = rect.inset(by: insets)
    #expect(r.origin == expected.origin && r.size == expected.size)
  }

  /// A path rounded at chosen corners has those corners' area taken off; affine transforms
  /// invert, and rectangles through them are the box round their corners.
  /// A view's layer goes where UIKit puts it among the sublayers: `addSubview` above every
  /// sublayer (a gradient the program added first stays beneath), `insertSubview` beneath
  /// the layer of the view it goes beneath, and moving a view keeps the others in order.
  @Test func subviewLayersAreOrderedAsOnIOS() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let gradient = CAGradientLayer()
    root.layer.addSublayer(gradient)
    let (a, b, c) = (UIView(), UIView(), UIView())
    root.addSubview(a)
    let extra = CALayer()
    root.layer.addSublayer(extra)
    root.addSubview(b)
    root.insertSubview(c, at: 0)
    func order() -> [CALayer] { root.layer.sublayers ?? [] }
    #expect(
      order().map { ObjectIdentifier($0) }
        == [gradient, c.layer, a.layer, extra, b.layer].map { ObjectIdentifier($0) })
    root.insertSubview(c, aboveSubview: a)
    #expect(root.subviews.map { ObjectIdentifier($0) } == [a, c, b].map { ObjectIdentifier($0) })
    #expect(
      order().map { ObjectIdentifier($0) }
        == [gradient, a.layer, c.layer, extra, b.layer].map { ObjectIdentifier($0) })
    root.bringSubviewToFront(a)
    #expect(order().last === a.layer, "brought to the front of every sublayer")
  }

  @Test func roundedCornersAndAffineHelpers() {
    let path = UIBezierPath(
      roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20),
      byRoundingCorners: [.topLeft, .bottomRight],
      cornerRadii: CGSize(width: 10, height: 10))
    #expect(path.bounds == CGRect(x: 0, y: 0, width: 40, height: 20))
    let t = CGAffineTransform(rotationAngle: 0.4).translatedBy(x: 3, y: 5).scaledBy(x: 2, y: 0.5)
    let back = CGPoint(x: 7, y: -2).applying(t).applying(t.inverted())
    #expect(abs(back.x - 7) < 1e-12 && abs(back.y + 2) < 1e-12)
    let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(
      CGAffineTransform(rotationAngle: .pi / 2))
    #expect(abs(r.minX + 20) < 1e-9 && abs(r.width - 20) < 1e-9 && abs(r.height - 10) < 1e-9)
  }

  /// A plain view has no natural size, keeps its frame, and a subclass's overrides of
  /// `frame` and `bounds` observe every change.
  @Test func viewsKeepTheirDefaultsAndObserveGeometry() {
    final class Watching: UIView {
      var seen: [String] = []
      override var frame: CGRect { didSet { seen.append("frame \(frame.size.width)") } }
      override var bounds: CGRect { didSet { seen.append("bounds \(bounds.size.width)") } }
      override var backgroundColor: UIColor? { didSet { seen.append("background") } }
    }
    let plain = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(plain.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: -1))
    #expect(plain.translatesAutoresizingMaskIntoConstraints)
    let view = Watching(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.seen = []
    view.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
    view.bounds = CGRect(x: 0, y: 0, width: 30, height: 10)
    view.backgroundColor = .red
    #expect(view.seen == ["frame 20.0", "bounds 30.0", "background"])
  }
}

/// A view used only as another's `mask` is laid out and drawn with it, as on iOS.
@MainActor @Suite(.serialized) struct MaskViewTests {
  /// Draws a disc filling its bounds, laid out from them.
  final class DiscMask: UIView {
    let disc = CAShapeLayer()
    var layouts = 0
    override init(frame: CGRect) {
      super.init(frame: frame)
      layer.addSublayer(disc)
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override func layoutSubviews() {
      layouts += 1
      disc.path = UIBezierPath(ovalIn: bounds).cgPath
    }
  }

  @Test func aMaskViewIsLaidOutAndMasks() {
    let masked = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    masked.backgroundColor = .red
    let mask = DiscMask(frame: masked.bounds)
    masked.mask = mask
    let holder = CALayer()
    let tree = showInKeyWindow(holder)
    UIApplication.shared.keyWindow!.rootViewController!.view.addSubview(masked)
    tree.advance(to: .seconds(0.1))
    #expect(mask.layouts == 1, "laid out though it is no subview")
    let p = renderedPixels(masked.layer, width: 40, height: 40)
    #expect(p.pixel(x: 20, y: 20) == (255, 0, 0, 255), "inside the disc")
    #expect(p.pixel(x: 1, y: 1).alpha == 0, "outside the disc: masked")
  }
}

/// Small things the libraries tried reach for.
@MainActor @Suite(.serialized) struct SmallAPITests {
  /// A child controller hears its parent's appearance, as UIKit forwards it.
  @Test func childrenHearTheirParentAppear() {
    class Listening: UIViewController {
      var heard: [String] = []
      override func viewWillAppear(_ animated: Bool) { heard.append("will") }
      override func viewDidAppear(_ animated: Bool) { heard.append("did") }
    }
    final class Parent: Listening {
      let child = Listening()
      override func viewDidLoad() {
        addChild(child)
        view.addSubview(child.view)
        child.didMove(toParent: self)
      }
    }
    UIApplication.shared.reset()
    let parent = Parent()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    window.rootViewController = parent
    window.makeKeyAndVisible()
    KeyWindowTree(window: window).advance(to: .zero)
    #expect(parent.heard == ["will", "did"])
    #expect(parent.child.heard == ["will", "did"])
  }

  @Test func tintChangesAreHeard() {
    final class Tinted: UIView {
      var changes = 0
      override func tintColorDidChange() { changes += 1 }
    }
    let view = Tinted(frame: .zero)
    view.tintColor = .red
    #expect(view.changes == 1)
  }

  @Test func stringsOfGeometry() {
    #expect(NSCoder.cgPoint(for: "{1.5, -2}") == CGPoint(x: 1.5, y: -2))
    #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(NSCoder.cgSize(for: "nonsense") == .zero)
    #expect(
      NSCoder.cgRect(for: NSCoder.string(for: CGRect(x: 5, y: 6, width: 7, height: 8)))
        == CGRect(x: 5, y: 6, width: 7, height: 8))
    #expect(UIColor(named: "AccentColor") == nil)
    #expect(CGVector(dx: 1, dy: 2).dy == 2 && NSIntegerMax == Int.max)
  }

  /// A superview's new size moves and sizes the subviews by their `autoresizingMask`: the
  /// change is shared among the flexible parts in proportion to what each was.
  @Test(arguments: [
    (UIView.AutoresizingMask.flexibleWidth, CGRect(x: 10, y: 10, width: 180, height: 20)),
    (
      UIView.AutoresizingMask([.flexibleLeftMargin, .flexibleRightMargin]),
      CGRect(x: 30, y: 10, width: 80, height: 20)
    ),
    (UIView.AutoresizingMask.flexibleLeftMargin, CGRect(x: 110, y: 10, width: 80, height: 20)),
    (
      UIView.AutoresizingMask([
        .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleHeight,
      ]),
      CGRect(x: 20, y: 10, width: 160, height: 40)
    ),
    (UIView.AutoresizingMask(), CGRect(x: 10, y: 10, width: 80, height: 20)),
  ])
  func subviewsFollowTheirMasks(mask: UIView.AutoresizingMask, expected: CGRect) {
    let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    let child = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 20))
    if mask == [.flexibleLeftMargin, .flexibleRightMargin] {
      child.frame.origin.x = 5  // margins 5 and 15: the 100 points go 25 and 75
    }
    child.autoresizingMask = mask
    parent.addSubview(child)
    parent.frame = CGRect(x: 0, y: 0, width: 200, height: 70)
    #expect(child.frame == expected)
    parent.autoresizesSubviews = false
    parent.bounds.size = CGSize(width: 50, height: 50)
    #expect(child.frame == expected, "not when the superview does not resize its subviews")
  }
}
