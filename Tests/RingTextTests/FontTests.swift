import Foundation
import RingGraphics
import Testing

@testable import RingText

/// Finding fonts through fontconfig, their names and metrics, and the errors for fonts that
/// are not there.
@Suite struct FontTests {
  @Test(arguments: [
    (TextFont.Weight.regular, TextFont.Style.normal, "Inter-Regular"),
    (.ultraLight, .normal, "Inter-Thin"),
    (.thin, .normal, "Inter-ExtraLight"),
    (.semibold, .normal, "Inter-SemiBold"),
    (.bold, .normal, "Inter-Bold"),
    (.black, .normal, "Inter-Black"),
    (.bold, .italic, "Inter-BoldItalic"),
  ])
  func systemFontIsInterAtEachWeight(weight: TextFont.Weight, style: TextFont.Style, name: String)
    throws
  {
    let font = try TextFont.systemFont(size: 17, weight: weight, style: style)
    #expect(font.familyName == "Inter", "the UI font's family")
    #expect(font.postScriptName == name, "weight \(weight) \(style)")
    #expect(font.weight == weight, "the face's own weight")
    #expect(font.style == style, "the face's own style")
  }

  @Test(arguments: ["Inter-SemiBold", "inter-semibold", "DejaVuSans-Bold"])
  func aFaceIsFoundByItsPostScriptName(name: String) throws {
    let font = try TextFont(postScriptName: name, size: 10)
    #expect(font.postScriptName.lowercased() == name.lowercased(), "found \(font.postScriptName)")
  }

  @Test func anUnknownPostScriptNameIsAClearError() {
    let error = #expect(throws: RingError.self) {
      try TextFont(postScriptName: "HelveticaNeue-Bold", size: 10)
    }
    #expect(
      error?.message
        == "no installed font is named 'HelveticaNeue-Bold' ('fc-list : postscriptname' lists them)",
      "message: \(error?.message ?? "")")
  }

  @Test func metricsAreInPointsYDown() throws {
    let font = try TextFont.systemFont(size: 20)
    #expect(font.ascender > 0 && font.descender < 0, "\(font.ascender) \(font.descender)")
    #expect(
      abs(font.lineHeight - (font.ascender - font.descender + font.lineGap)) < 1e-12,
      "line height = ascender - descender + line gap")
    let doubled = try font.withSize(40)
    #expect(abs(doubled.lineHeight - 2 * font.lineHeight) < 1e-12, "metrics scale with size")
    // The OS/2 table's heights against the outlines' own tops (y down: negative minY).
    let h = try #require(font.glyph(for: "H"))
    let x = try #require(font.glyph(for: "x"))
    let hTop = try #require(font.path(glyph: h).controlBounds).minY
    let xTop = try #require(font.path(glyph: x).controlBounds).minY
    #expect(abs(-hTop - font.capHeight) < 0.01 * font.size, "cap height \(font.capHeight)")
    #expect(abs(-xTop - font.xHeight) < 0.01 * font.size, "x-height \(font.xHeight)")
    #expect(font.capHeight > font.xHeight && font.ascender > font.capHeight, "proportions")
  }

  @Test func aMissingFamilySaysHowToListFamilies() {
    let error = #expect(throws: RingError.self) {
      try TextFont(family: "No Such Family 42", size: 12)
    }
    #expect(error?.code == .fontNotFound, "code")
    #expect(
      error?.message
        == "the font 'No Such Family 42' is not installed ('fc-list : family' lists the "
        + "installed families)",
      "message: \(error?.message ?? "")")
  }

  /// A catalog that sees no fonts stands in for a system without them.
  @Test func aMissingKnownFontNamesItsPackage() throws {
    let empty = try emptyFolder()
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let catalog = try FontCatalog(directories: [empty])
    let inter = #expect(throws: RingError.self) {
      try TextFont(family: "Inter", size: 12, catalog: catalog)
    }
    #expect(
      inter?.message
        == "the font 'Inter' is not installed: install Debian's fonts-inter "
        + "(apt-get install fonts-inter)",
      "message: \(inter?.message ?? "")")
    let system = #expect(throws: RingError.self) {
      try TextFont.systemFont(size: 12, catalog: catalog)
    }
    #expect(system?.code == .fontNotFound, "code")
    #expect(
      system?.message.contains("apt-get install fonts-inter") == true,
      "message: \(system?.message ?? "")")
  }

  @Test func withoutInterTheUIFontIsDejaVuSans() throws {
    let catalog = try FontCatalog(directories: ["/usr/share/fonts/truetype/dejavu"])
    let font = try TextFont.systemFont(size: 12, weight: .bold, catalog: catalog)
    #expect(font.postScriptName == "DejaVuSans-Bold", "the fallback, bold")
  }

  @Test(arguments: [0.0, -1, .nan, .infinity, 10_001])
  func badSizesAreRefused(size: Double) throws {
    let error = #expect(throws: RingError.self) { try TextFont.systemFont(size: size) }
    #expect(error?.code == .invalidFontSize, "size \(size)")
    let font = try TextFont.systemFont(size: 12)
    #expect(throws: RingError.self, "withSize(\(size))") { try font.withSize(size) }
  }

  @Test(arguments: [0.0, 1_000.5, -400])
  func badWeightsAreRefused(value: Double) {
    let error = #expect(throws: RingError.self) { try TextFont.Weight(value) }
    #expect(error?.code == .invalidFontWeight, "weight \(value)")
  }

  @Test func aFileThatIsNoFontIsRefused() {
    let error = #expect(throws: RingError.self) { try TextFont(file: "/etc/hostname", size: 12) }
    #expect(error?.code == .invalidFont, "\(error?.message ?? "")")
  }

  private func emptyFolder() throws -> String {
    let path = NSTemporaryDirectory() + "ring-text-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
