import Foundation
import RingGraphics
import RingLayers
import Testing

@testable import UIKit

/// Windows shown together, as a progress HUD's window over an application's: every window
/// shown is drawn, lowest level first, and a touch goes to the topmost one that takes it.
@MainActor @Suite(.serialized) struct WindowLevelTests {
  final class Pad: UIView {
    var presses = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { presses += 1 }
  }

  func window(_ frame: CGRect, _ color: UIColor, level: UIWindow.Level = .normal) -> (UIWindow, Pad)
  {
    let window = UIWindow(frame: frame)
    window.windowLevel = level
    let controller = UIViewController()
    let pad = Pad()
    pad.backgroundColor = color
    controller.view = pad
    window.rootViewController = controller
    return (window, pad)
  }

  /// The screen's red, green and blue at (x, y).
  func pixel(_ tree: KeyWindowTree, _ x: Int, _ y: Int) throws -> [UInt8] {
    let root = tree.layer(canvas: Size(width: 200, height: 200), background: .white, origin: .zero)
    let frame = try FrameRenderer(root: root, width: 200, height: 200, scale: 1).render(at: .zero)
    let p = frame.pixel(x: x, y: y)
    return [p.red, p.green, p.blue]
  }

  @Test func aHUDsWindowShowsOverTheApplicationsAndTakesItsTouches() throws {
    UIApplication.shared.reset()
    let (app, appPad) = window(CGRect(x: 0, y: 0, width: 200, height: 200), .red)
    app.makeKeyAndVisible()
    let tree = KeyWindowTree(window: app)
    tree.advance(to: .zero)
    // A HUD in the style of progress libraries: its own window, above alerts, made key.
    let (hud, hudPad) = window(
      CGRect(x: 50, y: 50, width: 100, height: 100), .blue, level: .alert + 1)
    hud.makeKeyAndVisible()
    // One beneath the application's, shown later: drawn beneath it.
    let (low, _) = window(CGRect(x: 0, y: 0, width: 200, height: 200), .green, level: .normal - 1)
    low.isHidden = false
    tree.advance(to: .seconds(0.1))
    #expect(try pixel(tree, 10, 10) == [255, 0, 0])
    #expect(try pixel(tree, 100, 100) == [0, 0, 255])
    tree.pointer(PointerEvent(.began, at: Point(x: 100, y: 100)))
    tree.pointer(PointerEvent(.ended, at: Point(x: 100, y: 100)))
    tree.pointer(PointerEvent(.began, at: Point(x: 10, y: 10)))
    tree.pointer(PointerEvent(.ended, at: Point(x: 10, y: 10)))
    #expect(hudPad.presses == 1 && appPad.presses == 1)
    // Hidden, and the application's window key again: the HUD is gone.
    hud.isHidden = true
    app.makeKey()
    tree.advance(to: .seconds(0.2))
    #expect(try pixel(tree, 100, 100) == [255, 0, 0])
    #expect(!UIApplication.shared.windows.contains { $0 === hud })
  }
}
