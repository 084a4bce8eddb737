import Testing

@testable import UIKit

/// The one environment programs are shown in: light, the screen's scale, a phone's size
/// classes; code that redraws on appearance changes asks whether colours would differ.
@MainActor @Suite struct TraitCollectionTests {
  @Test func theTraitsAreAPhonesInTheLightAppearance() {
    let traits = UITraitCollection.current
    #expect(traits.userInterfaceStyle == .light)
    #expect(traits.displayScale == UIScreen.main.scale)
    #expect(traits.horizontalSizeClass == .compact && traits.verticalSizeClass == .regular)
  }

  @Test func colourAppearanceDiffersOnlyFromAnotherStyle() {
    let traits = UITraitCollection.current
    #expect(!traits.hasDifferentColorAppearance(comparedTo: UITraitCollection.current))
    #expect(traits.hasDifferentColorAppearance(comparedTo: nil), "nil is unspecified")
  }

  /// A colour made with no components (a placeholder, set later) is clear.
  @Test func aColourMadeWithNothingIsClear() {
    #expect(UIColor().cgColor.alpha == 0)
    #expect(UIColor().cgColor == UIColor.clear.cgColor)
  }
}
