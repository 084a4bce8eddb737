import Testing

@testable import UIKit

/// iOS 17's trait registration, as views that restyle for dark mode write it: it builds,
/// keeps its registration until it is given back, and is never called here, where the
/// traits do not change.
@MainActor @Suite(.serialized) struct TraitChangeTests {
  final class Themed: UIView {
    var restyled = 0
    var registration: (any UITraitChangeRegistration)?

    override init(frame: CGRect) {
      super.init(frame: frame)
      registration = registerForTraitChanges([UITraitUserInterfaceStyle.self]) {
        (self: Self, previous: UITraitCollection) in
        self.restyled += 1
      }
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
  }

  @Test func aRegistrationIsKeptUntilGivenBack() {
    let (tree, host) = showViewInKeyWindow()
    let view = Themed(frame: host.bounds)
    host.addSubview(view)
    let controller = UIViewController()
    controller.registerForTraitChanges(
      [UITraitHorizontalSizeClass.self, UITraitDisplayScale.self]
    ) { (environment: any UITraitEnvironment, _: UITraitCollection) in
      _ = environment.traitCollection
    }
    #expect(view.traitChangeRegistrations.count == 1)
    #expect(
      view.traitChangeRegistrations[0].traits.map { $0.name } == ["UITraitUserInterfaceStyle"])
    #expect(UITraitUserInterfaceStyle.affectsColorAppearance)
    #expect(controller.traitChangeRegistrations.count == 1)
    tree.advance(to: .seconds(1))
    #expect(view.restyled == 0, "the traits do not change here")
    view.unregisterForTraitChanges(view.registration!)
    #expect(view.traitChangeRegistrations.isEmpty)
  }
}
