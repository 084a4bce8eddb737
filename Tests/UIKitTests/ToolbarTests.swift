import Foundation
import Testing

@testable import UIKit

/// `UIToolbar` and `UIBarButtonItem` as iOS 13 draws them: frosted glass or an opaque bar,
/// items from the leading edge, flexible spaces sharing the room left.
@MainActor @Suite struct ToolbarTests {
  @MainActor final class Owner {
    var taps: [String] = []
    func cancel() { taps.append("cancel") }
    func done(_ sender: UIBarButtonItem) { taps.append("done \(sender.style)") }
  }

  @Test func itemsRunFromTheLeadingEdgeAndSpacesShareTheRest() {
    let owner = Owner()
    let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 375, height: 44))
    let cancel = UIBarButtonItem(
      title: "Cancel", style: .plain, target: owner, action: Owner.cancel)
    let done = UIBarButtonItem(title: "Done", style: .done, target: owner, action: Owner.done)
    bar.items = [cancel, .flexibleSpace(), .fixedSpace(20), done]
    bar.layoutIfNeeded()
    let buttons = bar.subviews.compactMap { $0 as? UIButton }
    #expect(buttons.count == 2, "spaces show nothing")
    #expect(buttons[0].frame.minX == 16)
    #expect(
      abs(buttons[1].frame.maxX - 359) < 1e-9,
      "the last item ends 16 points in: \(buttons[1].frame)")
    #expect(buttons.allSatisfy { abs($0.frame.midY - 22) < 1e-9 })
    #expect(bar.sizeThatFits(CGSize(width: 100, height: 100)).height == 44)
    buttons[0].sendActions(for: .touchUpInside)
    buttons[1].sendActions(for: .touchUpInside)
    #expect(owner.taps == ["cancel", "done done"])
  }

  @Test func translucentBarsAreGlassAndOpaqueOnesAreNot() {
    let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
    #expect(bar.isTranslucent && bar.layer.backing.properties.backdropFilter != .identity)
    bar.isTranslucent = false
    #expect(bar.layer.backing.properties.backdropFilter == .identity)
    bar.barTintColor = .red
    let tint = bar.layer.sublayers?.first?.backgroundColor
    #expect(tint == UIColor.red.cgColor, "an opaque bar is its bar tint")
  }

  @Test func aBareToolbarFrostsWhatIsBeneathIt() throws {
    let tree = showInWhiteWindow(width: 100, height: 100) { root in
      let stripe = UIView(frame: CGRect(x: 0, y: 45, width: 100, height: 10))
      stripe.backgroundColor = .red
      root.addSubview(stripe)
      let hud = UIToolbar(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
      hud.backgroundColor = .clear
      root.addSubview(hud)
    }
    func pixel(_ x: Int, _ y: Int) throws -> [Int] {
      try windowPixel(tree, width: 100, height: 100, at: 0, x, y)
    }
    // Outside the glass the stripe ends sharply; under it, its red spreads above its edge.
    #expect(try pixel(10, 40) == [255, 255, 255], "white outside")
    let frosted = try pixel(50, 40)
    #expect(frosted[1] < 250 && frosted[0] > frosted[1], "blurred red under the glass: \(frosted)")
  }
}
