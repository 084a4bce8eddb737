import RingGraphics

/// A face of an installed font at a size: found by family, weight and style through
/// fontconfig, measured and outlined by FreeType, shaped by HarfBuzz.
///
///     let font = try TextFont.systemFont(size: 17, weight: .semibold)
///     let line = font.shape("75%", monospacedDigits: true)
///     let mask = Rasterizer.fill(line.path(at: Point(x: 10, y: 30)), rule: .nonZero, ...)
///
/// Sizes, metrics and advances are in points; y grows downward, and the ascender is
/// positive and the descender negative, as in UIKit. (Named `TextFont`, as SwiftUI has a
/// `Font`.)
public struct TextFont: Hashable, Sendable {
  /// The em size in points.
  public let size: Double
  let face: FontFace

  /// The largest size a font may have, in points.
  public static let maximumSize = 10_000.0

  /// The family the system's UI text uses: Inter, which is close to the iPhone's system
  /// font (Debian's fonts-inter).
  public static let systemFamily = "Inter"
  /// The family used when `systemFamily` is not installed (Debian's fonts-dejavu-core).
  public static let fallbackFamily = "DejaVu Sans"

  /// The installed face of `family` nearest to `weight` and `style`, at `size` points.
  /// Throws `fontNotFound` (naming the Debian package when one is known) when no installed
  /// font has that family, and `invalidFontSize` for a size that is not in
  /// (0, `maximumSize`].
  public init(
    family: String, size: Double, weight: Weight = .regular, style: Style = .normal,
    catalog: FontCatalog? = nil
  ) throws {
    try TextFont.check(size)
    let catalog = try catalog ?? FontCatalog.system
    guard let match = catalog.match(family: family, weight: weight, style: style) else {
      throw FontCatalog.missing(family)
    }
    try self.init(file: match.file, faceIndex: match.faceIndex, size: size)
  }

  /// The installed face whose PostScript name is `postScriptName` (`"Inter-Bold"`, as
  /// `UIFont(name:size:)` takes it), at `size` points. Throws `fontNotFound` when none is.
  public init(postScriptName: String, size: Double, catalog: FontCatalog? = nil) throws {
    try TextFont.check(size)
    let catalog = try catalog ?? FontCatalog.system
    guard let match = catalog.match(postScriptName: postScriptName) else {
      throw RingError(
        .fontNotFound,
        "no installed font is named '\(postScriptName)' ('fc-list : postscriptname' lists them)")
    }
    try self.init(file: match.file, faceIndex: match.faceIndex, size: size)
  }

  /// Face `faceIndex` of the font file at `file`, at `size` points.
  public init(file: String, faceIndex: Int = 0, size: Double) throws {
    try TextFont.check(size)
    guard faceIndex >= 0 else {
      throw RingError(.invalidFont, "a face index is 0 or more, not \(faceIndex)")
    }
    self.size = size
    face = try FontFace.open(file: file, faceIndex: faceIndex)
  }

  private init(face: FontFace, size: Double) {
    self.face = face
    self.size = size
  }

  /// The UI font: Inter at `weight`, or DejaVu Sans when Inter is not installed. Throws
  /// `fontNotFound`, naming fonts-inter, when neither is.
  public static func systemFont(
    size: Double, weight: Weight = .regular, style: Style = .normal,
    catalog: FontCatalog? = nil
  ) throws -> TextFont {
    try check(size)
    let catalog = try catalog ?? FontCatalog.system
    for family in [systemFamily, fallbackFamily] {
      if let match = catalog.match(family: family, weight: weight, style: style) {
        return try TextFont(file: match.file, faceIndex: match.faceIndex, size: size)
      }
    }
    throw RingError(
      .fontNotFound,
      "no UI font is installed: install Debian's fonts-inter (apt-get install fonts-inter), "
        + "or fonts-dejavu-core for the fallback")
  }

  /// The same face at `size` points.
  public func withSize(_ size: Double) throws -> TextFont {
    try TextFont.check(size)
    return TextFont(face: face, size: size)
  }

  private static func check(_ size: Double) throws {
    guard size.isFinite, size > 0, size <= maximumSize else {
      throw RingError(
        .invalidFontSize, "a font size is more than 0 and at most 10000 points, not \(size)")
    }
  }

  // MARK: Names

  /// The face's family name (`"Inter"`).
  public var familyName: String { face.familyName }
  /// The face's style name (`"Semi Bold Italic"`).
  public var styleName: String { face.styleName }
  /// The face's PostScript name (`"Inter-SemiBoldItalic"`), UIKit's `fontName`.
  public var postScriptName: String { face.postScriptName }
  /// The face's weight, as its OS/2 table states it (400 when it does not).
  public var weight: Weight { Weight(clamping: face.weight) }
  /// Whether the face is italic (or oblique).
  public var style: Style { face.isItalic ? .italic : .normal }
  /// The font file's path.
  public var file: String { face.file }
  /// The face's index in its file (0 but in collections).
  public var faceIndex: Int { face.faceIndex }

  // MARK: Metrics, in points

  /// Points per font unit.
  public var scale: Double { size / face.unitsPerEm }
  /// Font design units per em.
  public var unitsPerEm: Double { face.unitsPerEm }
  /// From the baseline up to the top of the tallest glyphs the font declares, in points.
  public var ascender: Double { face.ascender * scale }
  /// From the baseline down to the bottom of the lowest glyphs, in points, negative.
  public var descender: Double { face.descender * scale }
  /// Baseline to baseline: ascender - descender + line gap, in points.
  public var lineHeight: Double { face.lineSpacing * scale }
  /// The extra space between lines the font asks for, in points.
  public var lineGap: Double { (face.lineSpacing - face.ascender + face.descender) * scale }
  /// The height of capital letters above the baseline, in points.
  public var capHeight: Double { face.capHeight * scale }
  /// The height of lower-case letters without ascenders ("x"), in points.
  public var xHeight: Double { face.xHeight * scale }
  /// The underline's centre below the baseline, and its thickness, in points.
  public var underline: (position: Double, thickness: Double) {
    (face.underlinePosition * scale, face.underlineThickness * scale)
  }
  /// The strikeout's bottom above the baseline, and its thickness, in points.
  public var strikeout: (position: Double, thickness: Double) {
    (face.strikeoutPosition * scale, face.strikeoutThickness * scale)
  }

  // MARK: Glyphs

  /// The glyph `character` maps to, if the font has one.
  public func glyph(for character: Unicode.Scalar) -> UInt32? { face.glyph(for: character) }

  /// The glyph's name in the font (`"A"`, `"uni0645.init"`), if the font names its glyphs.
  public func glyphName(_ glyph: UInt32) -> String? { face.glyphName(glyph) }

  /// The unhinted outline of `glyph` in points, y down, its pen position at `origin` on the
  /// baseline: fill it with the non-zero rule. Outlines are cached per face and glyph.
  public func path(glyph: UInt32, at origin: Point = .zero) -> BezierPath {
    face.outline(of: glyph).applying(
      Transform2D(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y))
  }

  // MARK: Hashable

  public static func == (a: TextFont, b: TextFont) -> Bool { a.face === b.face && a.size == b.size }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(face))
    hasher.combine(size)
  }
}
