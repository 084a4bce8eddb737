import Foundation
import Testing

@testable import UIKit

/// UIFont as iOS code uses it: the system font at UIKit's weights, fonts by name, metrics.
@Suite struct UIFontTests {
  @Test(arguments: [
    (UIFont.Weight.ultraLight, "Inter-Thin"), (.thin, "Inter-ExtraLight"),
    (.light, "Inter-Light"), (.regular, "Inter-Regular"), (.medium, "Inter-Medium"),
    (.semibold, "Inter-SemiBold"), (.bold, "Inter-Bold"), (.heavy, "Inter-ExtraBold"),
    (.black, "Inter-Black"),
  ])
  func theSystemFontAtEachWeight(weight: UIFont.Weight, name: String) {
    let font = UIFont.systemFont(ofSize: 17, weight: weight)
    #expect(font.fontName == name, "weight \(weight.rawValue)")
    #expect(font.familyName == "Inter", "the system font's family")
    #expect(font.pointSize == 17, "size")
  }

  /// Code in the style of the activity-indicator libraries builds and gets the faces asked.
  @Test func theShortFormsAndMonospacedDigits() {
    #expect(UIFont.systemFont(ofSize: 12).fontName == "Inter-Regular", "systemFont(ofSize:)")
    #expect(UIFont.boldSystemFont(ofSize: 20).fontName == "Inter-Bold", "boldSystemFont")
    #expect(UIFont.italicSystemFont(ofSize: 20).fontName == "Inter-Italic", "italicSystemFont")
    let digits = UIFont.monospacedDigitSystemFont(ofSize: 14, weight: .medium)
    #expect(digits.fontName == "Inter-Medium", "monospacedDigitSystemFont's face")
    let shaped = digits.textFont.shape("0123456789", monospacedDigits: digits.monospacedDigits)
    // Tabular digits; Debian's Inter Medium draws its tabular 4 two units in 2048 narrower
    // than the other digits (as hb-shape shows), so "equal" is to 0.002 em.
    let advances = shaped.glyphs.map(\.advance)
    let spread = (advances.max() ?? 0) - (advances.min() ?? 0)
    #expect(spread <= 0.002 * 14, "tabular digits: \(advances)")
    let proportional = digits.textFont.shape("0123456789").glyphs.map(\.advance)
    #expect(
      (proportional.max() ?? 0) - (proportional.min() ?? 0) > 0.05 * 14,
      "proportional digits without: \(proportional)")
    let larger = digits.withSize(28)
    #expect(larger.pointSize == 28 && larger.monospacedDigits, "withSize keeps tabular digits")
    #expect(larger.fontName == "Inter-Medium", "withSize keeps the face")
  }

  @Test func metricsInPoints() {
    let font = UIFont.systemFont(ofSize: 20)
    #expect(font.ascender > 0 && font.descender < 0, "\(font.ascender) \(font.descender)")
    #expect(
      abs(font.lineHeight - (font.ascender - font.descender + font.leading)) < 1e-9,
      "lineHeight = ascender - descender + leading")
    #expect(font.capHeight > font.xHeight && font.capHeight < font.ascender, "proportions")
    let doubled = font.withSize(40)
    #expect(abs(doubled.lineHeight - 2 * font.lineHeight) < 1e-9, "metrics scale with size")
  }

  @Test(arguments: [
    ("Inter-Bold", "Inter-Bold"), ("inter-semibold", "Inter-SemiBold"),
    ("DejaVu Sans", "DejaVuSans"), ("DejaVuSans-Bold", "DejaVuSans-Bold"),
  ])
  func fontsByName(name: String, found: String) throws {
    let font = try #require(UIFont(name: name, size: 13), "UIFont(name: \(name))")
    #expect(font.fontName == found, "\(name)")
    #expect(font.pointSize == 13, "size")
  }

  /// A font neither installed nor shipped by iOS is nil, as iOS gives for a font it lacks.
  @Test func aFontThatIsNotInstalledIsNil() {
    #expect(UIFont(name: "NoSuchFont-Bold", size: 12) == nil)
    #expect(UIFont(name: "HelveticaNew-Bold", size: 12) == nil, "a misspelt iOS font")
    #expect(UIFont(name: "", size: 12) == nil, "an empty name names no font")
    #expect(UIFont(name: "-", size: 12) == nil)
  }

  /// The fonts iOS ships are drawn with installed stand-ins of their kind, at the weight
  /// and slant their names say: code that unwraps `UIFont(name: "HelveticaNeue-Bold", ...)!`
  /// runs, as on iOS.
  @Test(arguments: [
    ("HelveticaNeue-Bold", 700.0, false, false), ("HelveticaNeue", 400, false, false),
    ("Avenir-Heavy", 800, false, false), ("AvenirNext-DemiBoldItalic", 600, true, false),
    ("Menlo-Regular", 400, false, true), ("Courier-Bold", 700, false, true),
    ("Georgia-Italic", 400, true, false), ("Helvetica Neue", 400, false, false),
    ("HelveticaNeue-UltraLight", 100, false, false),
  ])
  func iOSFontsAreDrawnWithStandIns(name: String, weight: Double, italic: Bool, mono: Bool)
    throws
  {
    let font = try #require(UIFont(name: name, size: 20), "UIFont(name: \(name))")
    let face = font.textFont
    // The nearest installed face: within a step of the weight named.
    #expect(abs(face.weight.value - weight) <= 100, "\(name): \(face.postScriptName)")
    #expect(face.styleName.lowercased().contains("italic") == italic || !italic, "\(name)")
    if mono {
      let narrow = "iiii".size(withAttributes: [.font: font]).width
      let wide = "WWWW".size(withAttributes: [.font: font]).width
      #expect(abs(narrow - wide) < 0.01, "\(name) is monospaced: \(face.postScriptName)")
    }
  }

  /// Between UIKit's named weights, the weight drawn is found piecewise linearly.
  @Test(arguments: [
    (-1.0, 100.0), (-0.8, 100), (-0.7, 150), (0, 400), (0.35, 650), (0.62, 900), (1, 900),
    (.nan, 400),
  ])
  func weightsBetweenTheNamedOnes(raw: Double, css: Double) {
    let drawn = UIFont.Weight(rawValue: CGFloat(raw)).textFontWeight.value
    #expect(abs(drawn - css) < 1e-9, "raw \(raw): \(drawn)")
  }

  @Test(arguments: [(0.0, 14.0), (-3, 14), (.nan, 14), (.infinity, 14), (20_000, 10_000)])
  func sizesOutOfRangeAreDrawnAtOneThatIs(size: Double, drawn: Double) {
    #expect(UIFont.systemFont(ofSize: CGFloat(size)).pointSize == CGFloat(drawn), "size \(size)")
  }

  @Test func equalFontsAreEqual() {
    #expect(UIFont.systemFont(ofSize: 12) == UIFont.systemFont(ofSize: 12), "same face, size")
    #expect(UIFont.systemFont(ofSize: 12) != UIFont.systemFont(ofSize: 13), "sizes differ")
    #expect(
      UIFont.systemFont(ofSize: 12)
        != UIFont.monospacedDigitSystemFont(ofSize: 12, weight: .regular),
      "tabular digits differ")
    #expect(UIFont.labelFontSize == 17 && UIFont.systemFontSize == 14, "UIKit's sizes")
  }
}
