import CFontconfig
import Foundation

/// The fonts a program can find by family: fontconfig's configuration, as `fc-list` and
/// `fc-match` see it.
///
/// `FontCatalog.system` is the system's configuration; `init(directories:)` makes one that
/// sees only the fonts in the given folders (a program's own fonts, or a test's). Thread
/// safety: every fontconfig call on a catalog holds its lock.
public final class FontCatalog: @unchecked Sendable {
  private let config: OpaquePointer
  private let lock = NSLock()

  /// The system's fonts (fontconfig's configuration files and font folders).
  public static var system: FontCatalog {
    get throws { try systemCatalog.get() }
  }
  private static let systemCatalog = Result { () throws -> FontCatalog in
    guard let config = FcInitLoadConfigAndFonts() else {
      throw RingError(.fontNotFound, "fontconfig could not read its configuration")
    }
    return FontCatalog(config: config)
  }

  private init(config: OpaquePointer) { self.config = config }

  /// A catalog of the fonts in `directories` (and their sub-folders) only.
  public convenience init(directories: [String]) throws {
    guard let config = FcConfigCreate() else {
      throw RingError(.fontNotFound, "fontconfig could not start (out of memory)")
    }
    // The user's cache folder, as the system configuration uses; without one fontconfig
    // complains on standard error that it has nowhere to write.
    _ = FcConfigParseAndLoadFromMemory(
      config, "<fontconfig><cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>", 0)
    for directory in directories where FcConfigAppFontAddDir(config, directory) == 0 {
      FcConfigDestroy(config)
      throw RingError(.fontNotFound, "cannot read the font folder '\(directory)'")
    }
    self.init(config: config)
  }

  deinit { FcConfigDestroy(config) }

  /// What a match found: the file and face, and the face's own family and weight.
  struct Match: Hashable, Sendable {
    var file: String
    var faceIndex: Int
    var family: String
    /// CSS-like weight, 1...1000.
    var weight: Double
    var isItalic: Bool
  }

  /// The installed face closest to `weight` and `style` among those whose family is
  /// `family` (compared without case), or nil when no installed face has that family.
  func match(family: String, weight: TextFont.Weight, style: TextFont.Style) -> Match? {
    bestMatch(weight: weight, style: style) { pattern in
      FcPatternAddString(pattern, "family", family)
    } read: { found in
      guard
        let matched = strings(found, "family").first(where: {
          $0.caseInsensitiveCompare(family) == .orderedSame
        }),
        let file = strings(found, "file").first
      else { return nil }
      return Self.match(found, file: file, family: matched)
    }
  }

  /// fontconfig's best match for a pattern of `weight`, `style`, outline fonts and what
  /// `add` puts in it, read by `read` (nil: no match).
  private func bestMatch(
    weight: TextFont.Weight, style: TextFont.Style, add: (OpaquePointer) -> Void,
    read: (OpaquePointer) -> Match?
  ) -> Match? {
    lock.lock()
    defer { lock.unlock() }
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    add(pattern)
    FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(weight.value))
    FcPatternAddInteger(pattern, "slant", style == .italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
    FcPatternAddBool(pattern, "outline", 1)
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let found = FcFontMatch(config, pattern, &result) else { return nil }
    defer { FcPatternDestroy(found) }
    return read(found)
  }

  /// The installed face whose PostScript name is `postScriptName` (compared without case).
  func match(postScriptName: String) -> Match? {
    lock.lock()
    defer { lock.unlock() }
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddString(pattern, "postscriptname", postScriptName)
    guard let objects = FcObjectSetCreate() else { return nil }
    defer { FcObjectSetDestroy(objects) }
    for name in ["file", "index", "family", "postscriptname", "weight", "slant"] {
      FcObjectSetAdd(objects, name)
    }
    guard let list = FcFontList(config, pattern, objects) else { return nil }
    defer { FcFontSetDestroy(list) }
    for i in 0..<Int(list.pointee.nfont) {
      guard let font = list.pointee.fonts[i],
        strings(font, "postscriptname").contains(where: {
          $0.caseInsensitiveCompare(postScriptName) == .orderedSame
        }),
        let file = strings(font, "file").first
      else { continue }
      return Self.match(font, file: file, family: strings(font, "family").first ?? "")
    }
    return nil
  }

  /// The installed face, nearest to `weight` and `style`, that has a glyph for `scalar`
  /// (fontconfig's choice among the fonts covering it), or nil when none has.
  func match(covering scalar: Unicode.Scalar, weight: TextFont.Weight, style: TextFont.Style)
    -> Match?
  {
    guard let charset = FcCharSetCreate() else { return nil }
    defer { FcCharSetDestroy(charset) }
    FcCharSetAddChar(charset, scalar.value)
    return bestMatch(weight: weight, style: style) { pattern in
      FcPatternAddCharSet(pattern, "charset", charset)
    } read: { found in
      var covered: OpaquePointer?
      guard FcPatternGetCharSet(found, "charset", 0, &covered) == FcResultMatch,
        FcCharSetHasChar(covered, scalar.value) != 0, let file = strings(found, "file").first
      else { return nil }
      return Self.match(found, file: file, family: strings(found, "family").first ?? "")
    }
  }

  /// What a found pattern says of its face: index, weight and slant, with `file` and
  /// `family`.
  private static func match(_ found: OpaquePointer, file: String, family: String) -> Match {
    var index: Int32 = 0
    var slant: Int32 = 0
    var fcWeight = 0.0
    _ = FcPatternGetInteger(found, "index", 0, &index)
    _ = FcPatternGetInteger(found, "slant", 0, &slant)
    _ = FcPatternGetDouble(found, "weight", 0, &fcWeight)
    return Match(
      file: file, faceIndex: Int(index), family: family,
      weight: FcWeightToOpenTypeDouble(fcWeight), isItalic: slant != FC_SLANT_ROMAN)
  }

  /// Every value of the string property `object` of `pattern`.
  private func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
    var values: [String] = []
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(pattern, object, Int32(values.count), &value) == FcResultMatch,
      let value
    {
      values.append(String(cString: value))
    }
    return values
  }

  /// The Debian package that installs `family`, for the families this project names.
  static func debianPackage(forFamily family: String) -> String? {
    switch family.lowercased() {
    case "inter", "inter display": "fonts-inter"
    case "dejavu sans", "dejavu serif", "dejavu sans mono": "fonts-dejavu-core"
    case "lohit devanagari": "fonts-lohit-deva"
    default: nil
    }
  }

  /// The error for a family no installed font has.
  static func missing(_ family: String) -> RingError {
    if let package = debianPackage(forFamily: family) {
      return RingError(
        .fontNotFound,
        "the font '\(family)' is not installed: install Debian's \(package) "
          + "(apt-get install \(package))")
    }
    return RingError(
      .fontNotFound,
      "the font '\(family)' is not installed ('fc-list : family' lists the installed families)")
  }
}
