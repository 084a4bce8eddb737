import Foundation
import Testing

@testable import UIKit

/// The system's switch and slider: their sizes, values and events as on iOS, and how they
/// move.
@MainActor @Suite(.serialized) struct SwitchAndSliderTests {
  func thumbX(_ toggle: UISwitch) -> CGFloat {
    let thumb = toggle.layer.sublayers![0].sublayers![0]
    return (thumb.presentation() ?? thumb).position.x
  }

  /// Always 51 x 31; on, the thumb sits at the trailing end; a touch lifted inside toggles
  /// it and sends `.valueChanged`; `setOn(_:animated:)` slides the thumb over 0.25 s.
  @Test func aSwitchTogglesAndSlides() {
    let toggle = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 90))
    #expect(toggle.frame == CGRect(x: 10, y: 20, width: 51, height: 31))
    toggle.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
    #expect(toggle.bounds.size == CGSize(width: 51, height: 31))
    #expect(toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
    var changes: [Bool] = []
    toggle.addAction(UIAction { _ in changes.append(toggle.isOn) }, for: .valueChanged)
    toggle.isOn = true
    #expect(changes.isEmpty, "setting it in code sends nothing")
    let touch = UITouch()
    toggle.touchesBegan([touch], with: nil)
    toggle.touchesEnded([touch], with: nil)
    #expect(changes == [false] && !toggle.isOn)
    toggle.isEnabled = false
    toggle.touchesBegan([touch], with: nil)
    toggle.touchesEnded([touch], with: nil)
    #expect(changes == [false], "disabled, it does not toggle")

    let shown = UISwitch()
    let tree = showInKeyWindow(shown.layer)
    #expect(thumbX(shown) == 15.5)
    shown.setOn(true, animated: true)
    // A layout pass in the middle (as a screen that appears has) keeps the slide going.
    tree.advance(to: .seconds(0.05))
    shown.setNeedsLayout()
    shown.layoutIfNeeded()
    tree.advance(to: .seconds(0.125))
    let halfway = thumbX(shown)
    #expect(halfway > 20 && halfway < 31, "half way, eased: \(halfway)")
    tree.advance(to: .seconds(0.3))
    #expect(thumbX(shown) == 35.5)
  }

  /// The value is clamped to its range, which keeps minimum ≤ maximum; the thumb is centred
  /// on the value along the track less its own width; an empty thumb image has no size.
  @Test func aSliderClampsAndPlacesItsThumb() {
    let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
    slider.value = 2
    #expect(slider.value == 1)
    slider.minimumValue = 10
    #expect(slider.maximumValue == 10 && slider.value == 10)
    slider.maximumValue = 20
    slider.value = 15
    let track = slider.trackRect(forBounds: slider.bounds)
    #expect(track == CGRect(x: 0, y: 13.5, width: 228, height: 4))
    let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 15)
    #expect(thumb == CGRect(x: 100, y: 1.5, width: 28, height: 28))
    slider.setThumbImage(UIImage(), for: .normal)
    #expect(slider.currentThumbImage?.size == .zero)
    #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 20).maxX == 228)
    slider.value = .nan
    #expect(slider.value == 10)
  }

  /// Dragging sends `.valueChanged` as it goes, or once at the end when not continuous.
  @Test(arguments: [true, false])
  func aSliderSendsItsChanges(continuous: Bool) {
    let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
    slider.value = 0.5
    slider.isContinuous = continuous
    var sent = 0
    slider.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
    let track = slider.trackRect(forBounds: slider.bounds)
    let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0.5)
    // A press on the track away from the thumb takes no hold.
    let away = UITouch()
    away.windowLocation = CGPoint(x: thumb.maxX + 40, y: 15)
    slider.touchesBegan([away], with: nil)
    away.windowLocation = CGPoint(x: 0, y: 15)
    slider.touchesMoved([away], with: nil)
    slider.touchesEnded([away], with: nil)
    #expect(sent == 0 && slider.value == 0.5)
    // One 4 points right of the thumb's centre holds it there as it drags.
    let touch = UITouch()
    touch.windowLocation = CGPoint(x: thumb.midX + 4, y: 15)
    slider.touchesBegan([touch], with: nil)
    touch.windowLocation = CGPoint(x: thumb.midX - 20, y: 15)
    slider.touchesMoved([touch], with: nil)
    #expect(sent == (continuous ? 1 : 0))
    let moved = slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: slider.value)
    #expect(abs(moved.midX - (thumb.midX - 24)) < 1e-4, "the value is a Float")
    touch.windowLocation = CGPoint(x: -100, y: 15)
    slider.touchesMoved([touch], with: nil)
    slider.touchesEnded([touch], with: nil)
    #expect(sent == (continuous ? 2 : 1))
    #expect(slider.value == 0)
  }
}
