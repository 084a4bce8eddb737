import Foundation
import Testing

@testable import UIKit

/// What a third round of real libraries reached for (ProgressHUD, Cosmos,
/// BetterSegmentedControl, LTMorphingLabel, LiquidLoader, DGElasticPullToRefresh): each as
/// Apple documents it.
@MainActor @Suite struct RealCodeAPIsTests {
  @Test func aLayerMadeFromAnotherByAProgramIsAFreshLayer() {
    let view = UIView(frame: CGRect(x: 180, y: 180, width: 40, height: 40))
    view.backgroundColor = .gray
    let made = CAShapeLayer(layer: view.layer)
    #expect(made.position == .zero && made.bounds == .zero, "drawn where its own geometry puts it")
    #expect(made.backgroundColor == nil)
  }

  @Test(arguments: [
    (UIFont.TextStyle.largeTitle, 34.0), (.title1, 28), (.title2, 22), (.title3, 20),
    (.headline, 17), (.body, 17), (.callout, 16), (.subheadline, 15), (.footnote, 13),
    (.caption1, 12), (.caption2, 11),
  ])
  func textStylesHaveTheirDefaultSizes(style: UIFont.TextStyle, size: Double) {
    let font = UIFont.preferredFont(forTextStyle: style)
    #expect(font.pointSize == CGFloat(size))
    #expect(UIFontMetrics(forTextStyle: style).scaledFont(for: font) === font)
  }

  @Test func theTextSizeIsTheDefaultLarge() {
    let size = UITraitCollection.current.preferredContentSizeCategory
    #expect(size == .large && !size.isAccessibilityCategory)
    #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
    #expect(UIContentSizeCategory.extraSmall < size && size < .extraExtraExtraLarge)
    #expect(UIContentSizeCategory.extraExtraExtraLarge < .accessibilityMedium)
  }

  @Test func theHeadlineIsSemibold() {
    #expect(
      UIFont.preferredFont(forTextStyle: .headline) == .systemFont(ofSize: 17, weight: .semibold))
  }

  @Test func fontsFromDescriptors() throws {
    let font = UIFont.systemFont(ofSize: 36)
    #expect(UIFont(descriptor: font.fontDescriptor, size: 12).pointSize == 12)
    #expect(UIFont(descriptor: font.fontDescriptor, size: 0).pointSize == 36, "0 keeps its size")
    let bold = try #require(font.fontDescriptor.withSymbolicTraits(.traitBold))
    #expect(UIFont(descriptor: bold, size: 0) == .boldSystemFont(ofSize: 36))
    #expect(bold.symbolicTraits.contains(.traitBold))
    #expect(font.fontDescriptor.withDesign(.rounded) == nil, "Apple's rounded face is not here")
  }

  @Test func coreGraphicsFontsByName() {
    let name = UIFont.boldSystemFont(ofSize: 14).fontName
    #expect(CGFont(name as CFString)?.postScriptName == name)
    #expect(CGFont("NoSuchFont-Regular" as CFString) == nil)
  }

  @Test func coreGraphicsZeroConstants() {
    #expect(CGPointZero == .zero && CGSizeZero == .zero && CGRectZero == .zero)
    #expect(CGRectNull.isNull && CGRectInfinite.isInfinite)
  }

  @Test(arguments: [
    (UISemanticContentAttribute.unspecified, UIUserInterfaceLayoutDirection.leftToRight),
    (.playback, .leftToRight), (.spatial, .leftToRight), (.forceLeftToRight, .leftToRight),
    (.forceRightToLeft, .rightToLeft),
  ])
  func layoutDirections(
    attribute: UISemanticContentAttribute, direction: UIUserInterfaceLayoutDirection
  ) {
    #expect(UIView.userInterfaceLayoutDirection(for: attribute) == direction)
  }

  @Test func leadingIsTheRightEdgeRightToLeft() {
    startAutoLayoutTest()
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let row = constrained(UIView(), in: root)
    root.semanticContentAttribute = .forceRightToLeft
    #expect(row.effectiveUserInterfaceLayoutDirection == .rightToLeft, "inherited")
    NSLayoutConstraint.activate([
      row.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
      row.topAnchor.constraint(equalTo: root.topAnchor),
      row.widthAnchor.constraint(equalToConstant: 50),
      row.heightAnchor.constraint(equalToConstant: 20),
    ])
    root.layoutIfNeeded()
    #expect(row.frame.maxX == 190)
    root.semanticContentAttribute = .unspecified
    root.layoutIfNeeded()
    #expect(row.frame.minX == 10)
  }

  /// Right to left, leading is the right edge of views and guides alike, and a leading or
  /// trailing constant counts leftwards; centre x stays where it is.
  @Test func rightToLeftWithGuidesAndCentres() {
    startAutoLayoutTest()
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
    root.layoutMargins = UIEdgeInsets(top: 0, left: 8, bottom: 0, right: 30)
    root.semanticContentAttribute = .forceRightToLeft
    let a = constrained(UIView(), in: root)
    let d = constrained(UIView(), in: root)
    NSLayoutConstraint.activate([
      a.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
      a.widthAnchor.constraint(equalToConstant: 20),
      d.leadingAnchor.constraint(equalTo: root.centerXAnchor),
      d.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
    ])
    for v in [a, d] {
      v.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
      v.heightAnchor.constraint(equalToConstant: 10).isActive = true
    }
    root.layoutIfNeeded()
    #expect(a.frame == CGRect(x: 250, y: 0, width: 20, height: 10))
    #expect(d.frame == CGRect(x: 10, y: 0, width: 140, height: 10))
  }

  @Test func aRootPlacedByConstraintsTakesTheirSize() {
    startAutoLayoutTest()
    let badge = UIView()
    badge.translatesAutoresizingMaskIntoConstraints = false
    NSLayoutConstraint.activate([
      badge.widthAnchor.constraint(equalToConstant: 120),
      badge.heightAnchor.constraint(equalToConstant: 80),
    ])
    badge.layoutIfNeeded()
    #expect(badge.bounds.size == CGSize(width: 120, height: 80))
  }

  @Test func theMonospacedSystemFont() {
    let font = UIFont.monospacedSystemFont(ofSize: 13, weight: .regular)
    #expect(font.pointSize == 13 && font.familyName.contains("Mono"), "\(font.familyName)")
    #expect(
      UIFont.monospacedSystemFont(ofSize: 13, weight: .bold).fontDescriptor.symbolicTraits.contains(
        .traitBold))
  }

  /// A view's layer-delegate methods are open, as UIKit's are: GradientSlider lays out its
  /// track in `layoutSublayers(of:)`, which was never called.
  @Test func aViewLaysOutInItsLayerDelegateMethod() {
    final class Track: UIView {
      var laidOut: [String] = []
      let track = CALayer()
      override func layoutSublayers(of layer: CALayer) {
        super.layoutSublayers(of: layer)
        // The method is nonisolated, as the protocol's; views live on the main thread.
        MainActor.assumeIsolated {
          laidOut.append("layer")
          track.frame = bounds.insetBy(dx: 10, dy: 10)
        }
      }
      override func layoutSubviews() { laidOut.append("subviews") }
      override func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
    }
    let view = Track(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
    view.layer.addSublayer(view.track)
    view.layoutIfNeeded()
    #expect(view.laidOut == ["subviews", "layer"], "super runs layoutSubviews")
    #expect(view.track.frame == CGRect(x: 10, y: 10, width: 80, height: 20))
  }

  @Test func noAssistiveTechnologyRuns() {
    #expect(!UIAccessibility.isVoiceOverRunning && !UIAccessibility.isReduceMotionEnabled)
    UIAccessibility.post(notification: .announcement, argument: "Done")
    let traits: UIAccessibilityTraits = [.adjustable, .allowsDirectInteraction, .updatesFrequently]
    #expect(traits.contains(.allowsDirectInteraction) && !traits.contains(.searchField))
  }

  @Test func alignmentRectangles() {
    final class Badged: UIView {
      override var alignmentRectInsets: UIEdgeInsets {
        UIEdgeInsets(top: 2, left: 4, bottom: 6, right: 8)
      }
    }
    let view = Badged()
    let frame = CGRect(x: 10, y: 20, width: 100, height: 50)
    let aligned = view.alignmentRect(forFrame: frame)
    #expect(aligned == CGRect(x: 14, y: 22, width: 88, height: 42))
    #expect(view.frame(forAlignmentRect: aligned) == frame)
  }

  @Test func edgeInsetsValues() {
    let value = NSValue(uiEdgeInsets: UIEdgeInsets(top: 64, left: 1, bottom: 2, right: 3))
    #expect(value.uiEdgeInsetsValue == UIEdgeInsets(top: 64, left: 1, bottom: 2, right: 3))
    #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).uiEdgeInsetsValue == .zero)
  }

  final class Segments: UIControl, UIPointerInteractionDelegate {}

  @Test func interactionsAreKeptOnTheirView() {
    let view = Segments(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
    let pointer = UIPointerInteraction(delegate: view)
    view.addInteraction(pointer)
    #expect(view.interactions.count == 1 && pointer.view === view)
    let region = UIPointerRegion(rect: view.bounds)
    #expect(
      view.pointerInteraction(
        pointer, regionFor: UIPointerRegionRequest(location: .zero), defaultRegion: region)
        === region)
    view.removeInteraction(pointer)
    #expect(view.interactions.isEmpty && pointer.view == nil)
  }

  @Test func accessibilityAdjustmentsAreOverridable() {
    final class Stars: UIView {
      var rating = 3
      override func accessibilityIncrement() { rating += 1 }
    }
    let stars = Stars()
    stars.accessibilityElements = [UIView()]
    stars.accessibilityIncrement()
    #expect(stars.rating == 4 && stars.accessibilityElements?.count == 1)
  }

  @Test(arguments: ["checkmark", "add", "remove", "actions"])
  func systemImagePropertiesAreDrawn(name: String) {
    let images = [
      "checkmark": UIImage.checkmark, "add": .add, "remove": .remove, "actions": .actions,
    ]
    let image = images[name]!
    #expect(image.size == CGSize(width: 20, height: 20), "\(name)")
    #expect(image.renderingMode == .alwaysTemplate)
    let green = image.withTintColor(.green, renderingMode: .alwaysOriginal)
    var opaque = 0
    var pixels = green.pixmap
    pixels.withUnsafeMutablePixels { px in
      for p in px where p >> 24 == 255 {
        #expect(p & 0xFF00 == 0xFF00, "tinted green")
        opaque += 1
      }
    }
    #expect(opaque > 20, "\(name) has a stroke: \(opaque) opaque pixels")
  }

  @Test func symbolConfigurationsAndEffectsBuildAndChangeNothing() {
    let config = UIImage.SymbolConfiguration(weight: .bold)
      .applying(UIImage.SymbolConfiguration(pointSize: 30))
    #expect(config.pointSize == 30 && config.weight == .bold)
    let image = UIImage.checkmark
    #expect(image.applyingSymbolConfiguration(config) === image)
    let view = UIImageView(image: image)
    view.addSymbolEffect(.bounce, options: .repeating)
    #expect(view.layer.animationKeys() == nil)
  }

  /// What tutorial code builds its interface with: `UIWindow()` is as large as the screen (a
  /// 1 x 1 black snapshot without it), a controller's older layout guides place content at
  /// the safe area, Swift 4.1's notification names post and deliver, and `import UIKit`
  /// brings `URLSession`, as on iOS.
  @Test func tutorialCodesWindowGuidesNamesAndSessions() {
    UIApplication.shared.reset()
    #expect(UIWindow().bounds == UIScreen.main.bounds && UIScreen.main.bounds.width > 0)
    let controller = UIViewController()
    controller.view.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
    let label = UIView()
    label.translatesAutoresizingMaskIntoConstraints = false
    controller.view.addSubview(label)
    NSLayoutConstraint.activate([
      label.topAnchor.constraint(equalTo: controller.topLayoutGuide.bottomAnchor, constant: 8),
      label.bottomAnchor.constraint(equalTo: controller.bottomLayoutGuide.topAnchor, constant: -8),
      label.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
      label.widthAnchor.constraint(equalToConstant: 50),
    ])
    controller.view.layoutIfNeeded()
    #expect(label.frame == CGRect(x: 0, y: 8, width: 50, height: 284), "\(label.frame)")
    #expect(controller.topLayoutGuide.length == 0 && controller.bottomLayoutGuide.length == 0)
    #expect(
      NSNotification.Name.UIApplicationWillEnterForeground.rawValue
        == "UIApplicationWillEnterForegroundNotification")
    #expect(UIKeyboardFrameEndUserInfoKey == UIResponder.keyboardFrameEndUserInfoKey)
    let session: URLSession = .shared
    #expect(session.configuration.timeoutIntervalForRequest > 0)
  }
}
